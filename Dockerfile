# Build: docker build -t gaelab .
# Run:   docker run --rm -p 8080:8080 gaelab

FROM golang:1.26 AS build
WORKDIR /src
# Modules first, so this layer is reused until go.mod or go.sum change.
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# cmd/gaelab/binary_test.go builds the binary with these same flags and serves from it.
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/gaelab ./cmd/gaelab

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/gaelab /gaelab
USER nonroot:nonroot
ENV ADDR=0.0.0.0:8080
EXPOSE 8080
# The image has no shell or curl: the binary checks itself.
HEALTHCHECK --interval=30s --timeout=5s CMD ["/gaelab", "healthcheck"]
ENTRYPOINT ["/gaelab"]
CMD ["serve"]
