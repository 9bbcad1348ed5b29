# Runs at install time (CMakeLists.txt install(CODE)): writes gtsim.pc for
# the prefix being installed to, so `cmake --install --prefix P` and DESTDIR
# staging both give a pkg-config file with the final paths.
foreach(dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${GTSIM_PC_${dir}}")
    set(GTSIM_PC_${dir}_FULL "${GTSIM_PC_${dir}}")
  else()
    set(GTSIM_PC_${dir}_FULL "\${prefix}/${GTSIM_PC_${dir}}")
  endif()
endforeach()
set(GTSIM_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
configure_file("${GTSIM_PC_IN}" "${GTSIM_PC_OUT}" @ONLY)
