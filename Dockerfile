# One image for the API, the worker and the one-shot migration (docker-compose.yml picks the command).
# Node 24 LTS (supported until April 2028); the code and its tests also run on Node 20.19+ (package.json engines).
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY packages/api-types/package.json packages/api-types/
COPY packages/shared/package.json packages/shared/
COPY learner-ui/package.json learner-ui/
COPY admin-ui/package.json admin-ui/
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
# Speech and video in the worker: flite (the better local voice), ffmpeg (mp3, mp4, burned captions with
# libass) and DejaVu for the title cards. Without them the worker falls back to espeak-ng (WebAssembly) and
# the npm ffmpeg binary, whose title cards and burned captions need fonts the slim image lacks.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg flite fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY learner-ui/package.json learner-ui/
COPY admin-ui/package.json admin-ui/
RUN npm ci --omit=dev --no-audit --no-fund --workspaces=false || npm install --omit=dev --no-audit --no-fund --workspaces=false
# The API reads the HTML allow-list it shares with the UIs from @lp/shared (workspaces are not linked here).
COPY --from=build /app/packages/shared node_modules/@lp/shared
COPY --from=build /app/dist dist
COPY --from=build /app/learner-ui/dist learner-ui/dist
COPY --from=build /app/admin-ui/dist admin-ui/dist
COPY content content
# Not root: the image's `node` user (uid 1000) owns only what it writes, the media volume and .data.
RUN mkdir -p /data/media /app/.data && chown node:node /data/media /app/.data
USER node
EXPOSE 3000
# Migrations run under a PostgreSQL advisory lock (src/database/cli.ts): replicas starting at once wait for the
# first, and compose's `migrate` service has usually applied them already.
CMD ["sh", "-c", "node dist/src/database/cli.js migrate && exec node dist/src/main.js"]
