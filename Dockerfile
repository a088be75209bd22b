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
# The data directory of the embedded database, owned by the non-root user
# (the image has no shell to chown it later).
RUN mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/gaelab /gaelab
COPY --from=build --chown=nonroot:nonroot /out/data /data
USER nonroot:nonroot
ENV ADDR=0.0.0.0:8080
# Live classes live in an embedded SQLite file here, unless -db or
# $DATABASE_URL names a PostgreSQL.
ENV GAELAB_DATA=/data
VOLUME /data
EXPOSE 8080
# The image has no shell or curl: the binary checks itself.
HEALTHCHECK --interval=30s --timeout=5s CMD ["/gaelab", "healthcheck"]
ENTRYPOINT ["/gaelab"]
CMD ["serve"]
