# syntax=docker/dockerfile:1
#
# pbem serve in a container (docs/deploy.md, "Docker"):
#
#   docker build --build-arg VERSION=$(git describe --tags --always --dirty) -t pbem .
#   docker run -d --name pbem --restart unless-stopped \
#     -v pbem-data:/var/lib/pbem -v /etc/pbem:/etc/pbem:ro pbem
#
# The data volume holds the games (games/), the mail journal (journal/), the
# outbox, the deadlines and the GM's token: back it up. /etc/pbem holds
# config.yaml (data: /var/lib/pbem) and the password files, owned by uid
# 65532 and mode 0600. Create a game with
#   docker exec -i pbem pbem new --game /var/lib/pbem/games/NAME --players /dev/stdin <players.yaml

# Build: a static binary, its version from the VERSION argument (a build
# context without .git has no commit for Go to record).
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=""
RUN CGO_ENABLED=0 go build -trimpath -buildvcs=false -tags timetzdata \
        -ldflags "-s -w -X main.version=${VERSION}" -o /out/pbem ./cmd/pbem \
    && /out/pbem version \
    && mkdir -p /out/lib/pbem/games && chmod 0700 /out/lib/pbem

# Run: no shell, no package manager, CA certificates and time zones only;
# user and group 65532 (nonroot), never root.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/pbem /usr/local/bin/pbem
# /var/lib/pbem is copied as a directory, owner and mode with it, so that
# it is nonroot's and private (0700); a named volume starts as its copy.
COPY --from=build --chown=65532:65532 /out/lib/ /var/lib/
USER 65532:65532
WORKDIR /var/lib/pbem
VOLUME ["/var/lib/pbem"]
ENTRYPOINT ["/usr/local/bin/pbem"]
CMD ["serve", "--config", "/etc/pbem/config.yaml"]
