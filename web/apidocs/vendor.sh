#!/usr/bin/env bash
# vendor.sh VERSION: vendors swagger-ui-dist VERSION from npm into this
# folder (the files /docs serves) and rewrites VENDOR with the tarball's
# integrity and each file's sha256. Run it from anywhere; then set the
# version in index.html and docs/frontend.md, and run go test ./web/.
set -euo pipefail
version="${1:?usage: vendor.sh VERSION, e.g. 5.35.0}"
here="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "swagger-ui-dist@$version" >/dev/null && tar xzf "swagger-ui-dist-$version.tgz")
files=(swagger-ui-bundle.js swagger-ui.css LICENSE NOTICE swagger-ui-bundle.js.LICENSE.txt)
for f in "${files[@]}"; do cp "$tmp/package/$f" "$here/$f"; done
integrity="$(npm view "swagger-ui-dist@$version" dist.integrity)"
{
  echo "# The renderer of /docs, vendored from npm, pinned. Nothing here is edited:"
  echo "# web/apidocs_test.go checks each file against its sha256 below."
  echo "#"
  echo "# package: swagger-ui-dist $version (Apache-2.0; LICENSE, NOTICE)"
  echo "# tarball: https://registry.npmjs.org/swagger-ui-dist/-/swagger-ui-dist-$version.tgz"
  echo "# integrity: $integrity"
  echo "# update: web/apidocs/vendor.sh VERSION (then the version in index.html and docs/frontend.md)"
  (cd "$here" && sha256sum "${files[@]}")
} > "$here/VENDOR"
echo "vendored swagger-ui-dist $version into $here"
