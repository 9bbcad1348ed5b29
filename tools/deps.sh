# Sourced by tools/demo.sh and tests/run.sh: make sure the Debian packages
# given as arguments are installed; installs the missing ones when running
# as root, otherwise stops at once naming them.
gtsim_require_packages() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    ((${#missing[@]})) || return 0
    if [ "$(id -u)" != 0 ]; then
        echo "gtsim: missing Debian packages: ${missing[*]} (run as root to install them, or apt-get install them)" >&2
        exit 1
    fi
    echo "gtsim: installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
}
# What building gtsim needs (tools/demo.sh); tests/run.sh adds the test tools.
GTSIM_BUILD_PACKAGES=(cmake make gcc libc6-dev pkg-config zlib1g-dev libpng-dev)
# piglit's OpenGL tests (tests/piglit): the test programs, shader_runner and
# the test data under /usr/lib/<multiarch>/piglit.
GTSIM_PIGLIT_PACKAGES=(piglit)
