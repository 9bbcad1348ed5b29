# Runs at every build (CMakeLists.txt target gtsim_version): writes
# GTSIM_VERSION_OUT defining GTSIM_VERSION_STRING, the project version
# GTSIM_PROJECT_VERSION plus `git describe --always --dirty` of
# GTSIM_SOURCE_DIR when it is a git checkout.  The file is rewritten only
# when the string changes, so an unchanged tree rebuilds nothing.
set(v "${GTSIM_PROJECT_VERSION}")
if(GIT_EXECUTABLE)
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${GTSIM_SOURCE_DIR}" describe --always --dirty
                  OUTPUT_VARIABLE d OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc ERROR_QUIET)
  if(rc EQUAL 0 AND d)
    set(v "${GTSIM_PROJECT_VERSION} (git ${d})")
  endif()
endif()
set(text "#define GTSIM_VERSION_STRING \"${v}\"\n")
set(old "")
if(EXISTS "${GTSIM_VERSION_OUT}")
  file(READ "${GTSIM_VERSION_OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${GTSIM_VERSION_OUT}" "${text}")
endif()
