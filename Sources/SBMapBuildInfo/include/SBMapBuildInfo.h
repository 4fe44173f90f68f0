#ifndef SBMAP_BUILD_INFO_H
#define SBMAP_BUILD_INFO_H

/// What names this build when it is not a release: the commit it was built from (`make` and `make dist` pass
/// `-Xcc -DSBMAP_BUILD_ID="…"`, from `scripts/version.sh --build-id`), or "" for a release and a plain `swift build`.
const char *sbmap_build_id(void);

#endif
