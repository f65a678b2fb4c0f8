# Building the Python wheel (scikit-build-core sets SKBUILD; pyproject.toml). The wheel
# holds the same relocatable tree as `cmake --install` under tfmigrate/_bundle/ in
# site-packages:
#   bin/tfmigrate                      the executable (the console script execs it)
#   lib/                               the shared libraries it and the extension need that a
#                                      bare system lacks (protobuf, fmt, oneDNN, ...), copied
#                                      from the build machine: no Debian -dev package at install
#   lib/tfmigrate/libtfmigrate_cpp.so  the C++ front end: Clang/LLVM are NOT bundled (~100 MB);
#                                      it loads where the system has libclang-cpp14, and
#                                      otherwise `check` on a C++ file says so in one line
#   share/tfmigrate/python             the bundled runtime's Python side and its extension
# Every object is linked with DT_RPATH (not RUNPATH), which also applies to the libraries
# they load in turn, so a bundled library's own dependencies are found next to it.

set(_tfm_wheel_rpath_targets tfmigrate tfmigrate_cpp)
set_target_properties(tfmigrate PROPERTIES INSTALL_RPATH "$ORIGIN/../lib")
set_target_properties(tfmigrate_cpp PROPERTIES INSTALL_RPATH "$ORIGIN/..")
if(TARGET _tfrt)
  set_target_properties(_tfrt PROPERTIES INSTALL_RPATH "$ORIGIN/../../../lib")
  list(APPEND _tfm_wheel_rpath_targets _tfrt)
endif()
foreach(t IN LISTS _tfm_wheel_rpath_targets)
  target_link_options(${t} PRIVATE -Wl,--disable-new-dtags)
endforeach()

# Libraries every Linux that runs CPython has (glibc, the C++ runtime, zlib) stay the
# system's; the rest are copied under their soname.
set(_tfm_wheel_modules "$<TARGET_FILE:tfmigrate_cpp>")
if(TARGET _tfrt)
  list(APPEND _tfm_wheel_modules "$<TARGET_FILE:_tfrt>")
endif()
install(CODE "
  file(GET_RUNTIME_DEPENDENCIES
    RESOLVED_DEPENDENCIES_VAR _deps
    UNRESOLVED_DEPENDENCIES_VAR _missing
    EXECUTABLES \"$<TARGET_FILE:tfmigrate>\"
    MODULES ${_tfm_wheel_modules}
    PRE_EXCLUDE_REGEXES
      \"^ld-linux\" \"^libc\\\\.so\" \"^libm\\\\.so\" \"^libdl\\\\.so\" \"^libpthread\\\\.so\" \"^librt\\\\.so\"
      \"^libstdc\\\\+\\\\+\\\\.so\" \"^libgcc_s\\\\.so\" \"^libz\\\\.so\" \"^libpython\"
      \"^libclang\" \"^libLLVM\"
    POST_EXCLUDE_REGEXES \"^\${CMAKE_INSTALL_PREFIX}\")
  if(_missing)
    message(FATAL_ERROR \"wheel: unresolved shared libraries: \${_missing}\")
  endif()
  file(MAKE_DIRECTORY \"${CMAKE_INSTALL_PREFIX}/lib\")
  foreach(_dep IN LISTS _deps)
    get_filename_component(_name \"\${_dep}\" NAME)
    file(REAL_PATH \"\${_dep}\" _real)
    message(STATUS \"wheel: bundling \${_name} (\${_real})\")
    file(COPY_FILE \"\${_real}\" \"\${CMAKE_INSTALL_PREFIX}/lib/\${_name}\" ONLY_IF_DIFFERENT)
  endforeach()
")
