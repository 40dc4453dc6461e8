# syntax=docker/dockerfile:1
# Build: docker build -t movesvc .
# Run:   docker run --rm -p 8080:8080 movesvc

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags="-s -w" -o /out/movesvc ./cmd/server

# A static binary on distroless: no shell, no package manager, runs as the
# unprivileged "nonroot" user (65532).
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/movesvc /movesvc
USER nonroot:nonroot
EXPOSE 8080
ENV MOVESVC_ADDR=:8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 CMD ["/movesvc", "-healthcheck"]
ENTRYPOINT ["/movesvc"]
