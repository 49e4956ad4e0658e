# Ravenswood: `docker build -t ravenswood . && docker run -e DISCORD_TOKEN=… -v ravenswood-data:/data ravenswood`
# Several processes on PostgreSQL: compose.yaml (README, "When you outgrow one machine").
#
# Pinned: the base image by its exact Python and Debian release (add `@sha256:…`, the digest
# `docker buildx imagetools inspect python:3.11.15-slim-bookworm` shows, to freeze it byte for
# byte), and every Python package by constraints.txt.
FROM python:3.11.15-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    RAVENSWOOD_DB=/data/ravenswood.sqlite3 \
    RAVENSWOOD_HEARTBEAT=/tmp/ravenswood.heartbeat \
    MPLCONFIGDIR=/tmp/matplotlib

WORKDIR /app
COPY constraints.txt ./
# The pinned set alone (no resolver choices), so a dependency missing from it fails `pip check`
# here instead of being installed at whatever version is newest on the day of the build.
RUN PIP_CONSTRAINT=/app/constraints.txt pip install --no-cache-dir --no-deps -r constraints.txt
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engine ./engine
COPY stats ./stats
COPY migrations ./migrations
RUN PIP_CONSTRAINT=/app/constraints.txt pip install --no-cache-dir --no-deps . && pip check \
    && useradd --create-home ravenswood && mkdir /data && chown ravenswood /data

USER ravenswood
VOLUME ["/data"]
# The database answers with the current schema, and the bot's heartbeat (rewritten every 30 s)
# is fresh with every gateway shard connected (start-period: the time to log in and connect).
HEALTHCHECK --interval=30s --timeout=15s --start-period=120s --retries=3 \
    CMD ["ravenswood", "health"]
CMD ["ravenswood", "run"]
