# Garden's container image: the static gardenctl binary (web app inside) and CA certificates,
# nothing else: no shell, no package manager. Build it with `make image` (Podman or Docker),
# which puts the binary and the certificates in bin/image/ and builds from there, so building
# needs no image registry. Data (SQLite database, photos) lives in the /data volume unless
# GARDEN_DATABASE_URL and GARDEN_BLOB_URL point at PostgreSQL and MinIO (compose.yaml).
FROM scratch
COPY gardenctl /gardenctl
COPY etc/ /etc/
# Owned by the unprivileged user the server runs as; /tmp takes large uploads while they arrive.
COPY --chown=65532:65532 data/ /data/
COPY --chown=65532:65532 tmp/ /tmp/
USER 65532:65532
ENV GARDEN_ADDR=0.0.0.0:8080 \
    GARDEN_DATA_DIR=/data \
    TMPDIR=/tmp
EXPOSE 8080
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["/gardenctl", "healthcheck"]
ENTRYPOINT ["/gardenctl"]
CMD ["serve"]
