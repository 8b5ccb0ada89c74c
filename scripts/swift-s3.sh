#!/usr/bin/env bash
# A single-node OpenStack Swift with its S3 API (s3api) on 127.0.0.1, for the media store's S3
# tests, `npm run cluster` and trying MEDIA_STORE=s3 locally. Needs the Debian packages
#   apt-get install -y --no-install-recommends swift swift-proxy swift-account swift-container swift-object memcached
#
#   scripts/swift-s3.sh start   configures (once) and starts memcached and Swift; idempotent
#   scripts/swift-s3.sh stop    stops what `start` started
#   scripts/swift-s3.sh url     prints the TEST_S3_URL of this node
#
# The node: rings with one replica and one device directory, mount_check = false, a proxy
# pipeline with cache (tempauth needs it), s3api, tempauth, and slo (s3api's multipart uploads). The servers run in the
# foreground with -v (there is no syslog here), in the background of this shell, logging to
# $SWIFT_RUN_DIR/log. The swift-* scripts are called directly: they run on the system Python.
#
# Credentials (tempauth): access key "test:tester", secret "testing". Bucket: $SWIFT_S3_BUCKET.
# TEST_S3_URL format (apps/server/src/modules/media/test-kit.ts parses it):
#   http://<access key, URL-encoded>:<secret>@<host>:<port>/<bucket>?region=<region>
set -euo pipefail

RUN_DIR="${SWIFT_RUN_DIR:-/tmp/dum-swift}"
PROXY_PORT="${SWIFT_PORT:-8080}"
OBJECT_PORT="${SWIFT_OBJECT_PORT:-6210}"
CONTAINER_PORT="${SWIFT_CONTAINER_PORT:-6211}"
ACCOUNT_PORT="${SWIFT_ACCOUNT_PORT:-6212}"
MEMCACHED_PORT="${SWIFT_MEMCACHED_PORT:-11211}"
BUCKET="${SWIFT_S3_BUCKET:-dum-test}"
USER_NAME="test:tester"
USER_KEY="testing"

url() {
  echo "http://test%3Atester:${USER_KEY}@127.0.0.1:${PROXY_PORT}/${BUCKET}?region=us-east-1"
}

healthy() {
  curl -fsS -o /dev/null --max-time 1 "http://127.0.0.1:${PROXY_PORT}/healthcheck" 2>/dev/null
}

configure() {
  mkdir -p "$RUN_DIR/srv/d1" "$RUN_DIR/log" "$RUN_DIR/run" "$RUN_DIR/cache"
  local common="[DEFAULT]
devices = $RUN_DIR/srv
mount_check = false
swift_dir = $RUN_DIR
bind_ip = 127.0.0.1
user = $(id -un)
workers = 1
log_level = INFO
"
  cat >"$RUN_DIR/object-server.conf" <<EOF
${common}bind_port = $OBJECT_PORT

[pipeline:main]
pipeline = object-server

[app:object-server]
use = egg:swift#object
EOF
  cat >"$RUN_DIR/container-server.conf" <<EOF
${common}bind_port = $CONTAINER_PORT

[pipeline:main]
pipeline = container-server

[app:container-server]
use = egg:swift#container
EOF
  cat >"$RUN_DIR/account-server.conf" <<EOF
${common}bind_port = $ACCOUNT_PORT

[pipeline:main]
pipeline = account-server

[app:account-server]
use = egg:swift#account
EOF
  cat >"$RUN_DIR/proxy-server.conf" <<EOF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $PROXY_PORT
swift_dir = $RUN_DIR
user = $(id -un)
workers = 1
log_level = INFO

[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache s3api tempauth copy slo dlo proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
allow_account_management = true

[filter:catch_errors]
use = egg:swift#catch_errors

[filter:gatekeeper]
use = egg:swift#gatekeeper

[filter:healthcheck]
use = egg:swift#healthcheck

[filter:proxy-logging]
use = egg:swift#proxy_logging

[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$MEMCACHED_PORT

[filter:s3api]
use = egg:swift#s3api
location = us-east-1

[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = $USER_KEY .admin

# s3api's multipart uploads are stored as static large objects.
[filter:copy]
use = egg:swift#copy

[filter:slo]
use = egg:swift#slo

[filter:dlo]
use = egg:swift#dlo
EOF
  # Rings: 2^10 partitions, one replica, one device (the directory srv/d1).
  local ring port
  for ring in object container account; do
    case "$ring" in
      object) port=$OBJECT_PORT ;;
      container) port=$CONTAINER_PORT ;;
      account) port=$ACCOUNT_PORT ;;
    esac
    rm -f "$RUN_DIR/$ring.builder" "$RUN_DIR/$ring.ring.gz"
    swift-ring-builder "$RUN_DIR/$ring.builder" create 10 1 1 >/dev/null
    swift-ring-builder "$RUN_DIR/$ring.builder" add "r1z1-127.0.0.1:${port}/d1" 100 >/dev/null
    swift-ring-builder "$RUN_DIR/$ring.builder" rebalance >/dev/null || true
  done
  touch "$RUN_DIR/configured"
}

start_one() {
  local name="$1"
  shift
  "$@" >>"$RUN_DIR/log/$name.log" 2>&1 &
  echo $! >"$RUN_DIR/run/$name.pid"
}

listening() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

memcached_up() {
  listening "$MEMCACHED_PORT"
}

# Waits up to 10 s for a server that was just started: until the command after its name succeeds.
await_ready() {
  local name="$1" tries=0
  shift
  until "$@"; do
    tries=$((tries + 1))
    if ((tries > 100)); then
      echo "Swift's $name did not start; see $RUN_DIR/log" >&2
      tail -n 20 "$RUN_DIR"/log/*.log >&2 || true
      exit 1
    fi
    sleep 0.1
  done
}

# tempauth keeps its tokens in memcached: a Swift left running without it answers 503 to every
# sign-in (and its proxy shuns a restarted memcached for a while), so that counts as not running.
auth_works() {
  curl -fsS -o /dev/null --max-time 2 -H "X-Auth-User: $USER_NAME" -H "X-Auth-Key: $USER_KEY" \
    "http://127.0.0.1:${PROXY_PORT}/auth/v1.0" 2>/dev/null
}

start() {
  if healthy && memcached_up && auth_works; then
    echo "Swift already answers on 127.0.0.1:${PROXY_PORT}" >&2
  else
    if healthy; then
      echo "Swift answers without working sign-ins: starting it again" >&2
      stop
    fi
    command -v swift-proxy-server >/dev/null ||
      { echo "swift-proxy-server not found: apt-get install swift swift-proxy swift-account swift-container swift-object memcached" >&2; exit 1; }
    [[ -f "$RUN_DIR/configured" ]] || configure
    if ! memcached_up; then
      start_one memcached memcached -u "$(id -un)" -l 127.0.0.1 -p "$MEMCACHED_PORT" -U 0
    fi
    start_one account swift-account-server "$RUN_DIR/account-server.conf" -v
    start_one container swift-container-server "$RUN_DIR/container-server.conf" -v
    start_one object swift-object-server "$RUN_DIR/object-server.conf" -v
    # The proxy starts last, once everything behind it listens: a request it sends to a server
    # that is not up yet answers 503, and a memcached it could not reach is shunned for a while,
    # which fails every sign-in.
    await_ready memcached listening "$MEMCACHED_PORT"
    await_ready account-server listening "$ACCOUNT_PORT"
    await_ready container-server listening "$CONTAINER_PORT"
    await_ready object-server listening "$OBJECT_PORT"
    start_one proxy swift-proxy-server "$RUN_DIR/proxy-server.conf" -v
    await_ready proxy-server healthy
  fi
  # The bucket (a Swift container of the test account), through the Swift API and tempauth.
  local headers token storage
  headers=$(curl -fsS -D - -o /dev/null -H "X-Auth-User: $USER_NAME" -H "X-Auth-Key: $USER_KEY" \
    "http://127.0.0.1:${PROXY_PORT}/auth/v1.0")
  token=$(printf '%s' "$headers" | tr -d '\r' | awk -F': ' 'tolower($1)=="x-auth-token"{print $2}')
  storage=$(printf '%s' "$headers" | tr -d '\r' | awk -F': ' 'tolower($1)=="x-storage-url"{print $2}')
  curl -fsS -o /dev/null -X PUT -H "X-Auth-Token: $token" "$storage/$BUCKET"
  echo "Swift s3api on http://127.0.0.1:${PROXY_PORT}, bucket ${BUCKET}" >&2
}

stop() {
  local name pid ports=("$PROXY_PORT" "$OBJECT_PORT" "$CONTAINER_PORT" "$ACCOUNT_PORT")
  # memcached only when `start` started it (a memcached of the machine's is left alone).
  [[ -f "$RUN_DIR/run/memcached.pid" ]] && ports+=("$MEMCACHED_PORT")
  for name in proxy object container account memcached; do
    if [[ -f "$RUN_DIR/run/$name.pid" ]]; then
      pid=$(cat "$RUN_DIR/run/$name.pid")
      kill "$pid" 2>/dev/null || true
      rm -f "$RUN_DIR/run/$name.pid"
    fi
  done
  # Each server's workers, should one outlive its parent.
  pkill -f "swift-[a-z]*-server $RUN_DIR/" 2>/dev/null || true
  # Until those ports are free (up to 10 s), so that a `start` right after starts fresh servers.
  local port tries=0
  for port in "${ports[@]}"; do
    while listening "$port" && ((tries < 100)); do
      sleep 0.1
      tries=$((tries + 1))
    done
  done
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  url) url ;;
  *)
    echo "usage: $0 start|stop|url" >&2
    exit 2
    ;;
esac
