# Puts a Node.js able to run Kalinga first on PATH. Source it from the repository root:
#   source scripts/use-node.sh        (bash, zsh, sh)
# Kalinga runs TypeScript directly, which needs Node >= 22.18 (type stripping on by default); when the
# machine's node is older or missing, Node 24 is fetched once from the npm registry into .tools/node.

kalinga_use_node() {
  kalinga_node_version="24.21.0"

  # Find the repository root: from this file's path under bash, else the current folder.
  kalinga_root=""
  if [ -n "${BASH_VERSION:-}" ]; then
    eval 'kalinga_here="${BASH_SOURCE[0]}"'
    kalinga_root=$(cd "$(dirname "$kalinga_here")/.." && pwd)
  fi
  if [ -z "$kalinga_root" ] || [ ! -f "$kalinga_root/scripts/use-node.sh" ]; then
    kalinga_root=$(pwd)
  fi
  if [ ! -f "$kalinga_root/scripts/use-node.sh" ]; then
    echo "use-node: run this from the Kalinga repository root" >&2
    return 1
  fi

  if kalinga_node_is_recent node; then
    return 0
  fi

  kalinga_local="$kalinga_root/.tools/node"
  if ! kalinga_node_is_recent "$kalinga_local/bin/node"; then
    case "$(uname -s)" in
      Linux) kalinga_os=linux ;;
      Darwin) kalinga_os=darwin ;;
      *) echo "use-node: no Node package for $(uname -s); install Node 24 yourself" >&2; return 1 ;;
    esac
    case "$(uname -m)" in
      x86_64 | amd64) kalinga_arch=x64 ;;
      aarch64 | arm64) kalinga_arch=arm64 ;;
      *) echo "use-node: no Node package for $(uname -m); install Node 24 yourself" >&2; return 1 ;;
    esac
    if ! command -v npm >/dev/null 2>&1; then
      echo "use-node: npm is needed once to fetch Node $kalinga_node_version; install Node 24 yourself" >&2
      return 1
    fi
    kalinga_pkg="node-$kalinga_os-$kalinga_arch"
    echo "use-node: fetching $kalinga_pkg@$kalinga_node_version into .tools/node (machine has $(node --version 2>/dev/null || echo 'no node'))" >&2
    mkdir -p "$kalinga_root/.tools" || return 1
    (cd "$kalinga_root/.tools" && npm pack --silent "$kalinga_pkg@$kalinga_node_version" >/dev/null) || return 1
    rm -rf "$kalinga_local"
    mkdir -p "$kalinga_local" || return 1
    tar -xzf "$kalinga_root/.tools/$kalinga_pkg-$kalinga_node_version.tgz" -C "$kalinga_local" --strip-components=1 || return 1
    rm -f "$kalinga_root/.tools/$kalinga_pkg-$kalinga_node_version.tgz"
    if ! kalinga_node_is_recent "$kalinga_local/bin/node"; then
      echo "use-node: the fetched node does not run here" >&2
      return 1
    fi
  fi

  # npm reads its global npmrc (registry, cafile, proxy) beside the node it runs under; keep the
  # machine's one when switching to the fetched node.
  if [ -z "${npm_config_globalconfig:-}" ] && command -v npm >/dev/null 2>&1; then
    kalinga_npmrc=$(npm config get globalconfig 2>/dev/null)
    if [ -n "$kalinga_npmrc" ] && [ -f "$kalinga_npmrc" ]; then
      npm_config_globalconfig="$kalinga_npmrc"
      export npm_config_globalconfig
    fi
  fi
  PATH="$kalinga_local/bin:$PATH"
  export PATH
  hash -r 2>/dev/null || true
  echo "use-node: using $("$kalinga_local/bin/node" --version) from .tools/node/bin" >&2
}

# True when the given node binary exists and runs TypeScript without flags (>= 22.18).
kalinga_node_is_recent() {
  "$1" -e 'const [major, minor] = process.versions.node.split(".").map(Number);
process.exit(major > 22 || (major === 22 && minor >= 18) ? 0 : 1);' >/dev/null 2>&1
}

kalinga_use_node
kalinga_status=$?
unset -f kalinga_use_node kalinga_node_is_recent
unset kalinga_npmrc kalinga_node_version kalinga_root kalinga_here kalinga_local kalinga_os kalinga_arch kalinga_pkg
return "$kalinga_status" 2>/dev/null || exit "$kalinga_status"
