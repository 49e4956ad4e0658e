# Ravenswood: `docker build -t ravenswood . && docker run -e DISCORD_TOKEN=… -v ravenswood-data:/data ravenswood`
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    RAVENSWOOD_DB=/data/ravenswood.sqlite3 \
    MPLCONFIGDIR=/tmp/matplotlib

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engine ./engine
COPY stats ./stats
COPY migrations ./migrations
RUN pip install --no-cache-dir . && useradd --create-home ravenswood && mkdir /data && chown ravenswood /data

USER ravenswood
VOLUME ["/data"]
CMD ["ravenswood", "run"]
