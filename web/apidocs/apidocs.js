// apidocs.js: renders /openapi.yaml with Swagger UI (swagger-ui-bundle.js,
// vendored beside it, see VENDOR) into #reference. It loads nothing from
// outside the service: the validator badge, which would call
// validator.swagger.io, is off. <body data-state> says "ready" once the
// contract is drawn, or "error" if it could not be loaded, for tests.

/* global SwaggerUIBundle */
window.ui = SwaggerUIBundle({
  url: "/openapi.yaml",
  dom_id: "#reference",
  deepLinking: true,
  validatorUrl: "none",
  defaultModelsExpandDepth: 1,
  docExpansion: "list",
  tryItOutEnabled: false,
  supportedSubmitMethods: ["get", "post"],
  onComplete: () => {
    document.body.dataset.state = document.querySelector("#reference .opblock") ? "ready" : "error";
  },
  onFailure: () => {
    document.body.dataset.state = "error";
  },
});
