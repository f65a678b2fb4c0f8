# Without .deps/ (a build from a plain clone or an sdist, e.g. `pip install .` run by
# pre-commit in its own clone), the tree-sitter sources come from the same hash-pinned
# PyPI sdists scripts/setup.sh fetches (scripts/requirements-grammar.txt), downloaded with
# pip and unpacked into the build tree in .deps/'s layout. Sets TFMIGRATE_GRAMMAR_DIR.
find_package(Python3 COMPONENTS Interpreter REQUIRED)
set(_tfm_dl "${PROJECT_BINARY_DIR}/_deps/downloads")
set(TFMIGRATE_GRAMMAR_DIR "${PROJECT_BINARY_DIR}/_deps/src")
if(NOT EXISTS "${TFMIGRATE_GRAMMAR_DIR}/.ok-0.23.2-0.23.6")
  message(STATUS "tfmigrate: ${TFMIGRATE_DEPS_DIR} has no tree-sitter sources; fetching the pinned sdists with pip")
  execute_process(
    COMMAND "${Python3_EXECUTABLE}" -m pip download -q --disable-pip-version-check --no-deps --no-binary :all:
            --require-hashes -r "${PROJECT_SOURCE_DIR}/scripts/requirements-grammar.txt" -d "${_tfm_dl}"
    RESULT_VARIABLE _tfm_rc)
  if(NOT _tfm_rc EQUAL 0)
    message(FATAL_ERROR "could not download the tree-sitter sdists (scripts/requirements-grammar.txt); "
                        "run scripts/setup.sh, or make PyPI reachable")
  endif()
  set(_tfm_x "${PROJECT_BINARY_DIR}/_deps/extract")
  file(REMOVE_RECURSE "${_tfm_x}" "${TFMIGRATE_GRAMMAR_DIR}")
  file(ARCHIVE_EXTRACT INPUT "${_tfm_dl}/tree-sitter-0.23.2.tar.gz" DESTINATION "${_tfm_x}")
  file(ARCHIVE_EXTRACT INPUT "${_tfm_dl}/tree_sitter_python-0.23.6.tar.gz" DESTINATION "${_tfm_x}")
  set(_core "${_tfm_x}/tree-sitter-0.23.2/tree_sitter/core/lib")
  file(COPY "${_core}" DESTINATION "${TFMIGRATE_GRAMMAR_DIR}/tree-sitter")
  file(COPY "${_tfm_x}/tree_sitter_python-0.23.6/src/parser.c" "${_tfm_x}/tree_sitter_python-0.23.6/src/scanner.c"
       DESTINATION "${TFMIGRATE_GRAMMAR_DIR}/tree-sitter-python/src")
  foreach(h parser.h array.h alloc.h ts_assert.h)
    file(COPY "${_core}/src/${h}" DESTINATION "${TFMIGRATE_GRAMMAR_DIR}/tree-sitter-python/src/tree_sitter")
  endforeach()
  file(REMOVE_RECURSE "${_tfm_x}")
  file(TOUCH "${TFMIGRATE_GRAMMAR_DIR}/.ok-0.23.2-0.23.6")
endif()
