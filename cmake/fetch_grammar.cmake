# Without .deps/ (a build from a plain clone or an sdist, e.g. `pip install .` run by
# pre-commit in its own clone), the tree-sitter sources come from the same hash-pinned
# PyPI sdists scripts/setup.sh fetches (scripts/requirements-grammar.txt holds the hashes
# this file repeats): taken from TFMIGRATE_SDIST_DIR when it has them (offline builds),
# otherwise downloaded from PyPI by CMake and checked against their SHA-256, then unpacked
# into TFMIGRATE_DEPS_DIR (.deps/, ignored by git) exactly as setup.sh unpacks them: the
# same paths as a set-up checkout's, so the compile commands are the same too. (Not pip:
# inside an isolated wheel build the interpreter CMake finds cannot import pip.)
set(TFMIGRATE_SDIST_DIR "" CACHE PATH "A directory holding the pinned tree-sitter sdists (offline builds without .deps/)")
set(_tfm_dl "${TFMIGRATE_DEPS_DIR}/downloads")
set(_tfm_sdists
  "tree-sitter-0.23.2.tar.gz|66bae8dd47f1fed7bdef816115146d3a41c39b5c482d7bad36d9ba1def088450|https://files.pythonhosted.org/packages/0f/50/fd5fafa42b884f741b28d9e6fd366c3f34e15d2ed3aa9633b34e388379e2/tree-sitter-0.23.2.tar.gz"
  "tree_sitter_python-0.23.6.tar.gz|354bfa0a2f9217431764a631516f85173e9711af2c13dbd796a8815acfe505d9|https://files.pythonhosted.org/packages/1c/30/6766433b31be476fda6569a3a374c2220e45ffee0bff75460038a57bf23b/tree_sitter_python-0.23.6.tar.gz")
message(STATUS "tfmigrate: ${TFMIGRATE_DEPS_DIR} has no tree-sitter sources; using the pinned sdists")
file(MAKE_DIRECTORY "${_tfm_dl}")
foreach(entry IN LISTS _tfm_sdists)
  string(REPLACE "|" ";" entry "${entry}")
  list(GET entry 0 name)
  list(GET entry 1 sha)
  list(GET entry 2 url)
  set(dest "${_tfm_dl}/${name}")
  if(TFMIGRATE_SDIST_DIR AND EXISTS "${TFMIGRATE_SDIST_DIR}/${name}")
    file(SHA256 "${TFMIGRATE_SDIST_DIR}/${name}" have)
    if(NOT have STREQUAL sha)
      message(FATAL_ERROR "${TFMIGRATE_SDIST_DIR}/${name} does not have its pinned SHA-256 ${sha}")
    endif()
    file(COPY_FILE "${TFMIGRATE_SDIST_DIR}/${name}" "${dest}")
  else()
    file(DOWNLOAD "${url}" "${dest}" EXPECTED_HASH SHA256=${sha} STATUS st TLS_VERIFY ON)
    list(GET st 0 code)
    if(NOT code EQUAL 0)
      list(GET st 1 why)
      message(FATAL_ERROR "could not download ${url} (${why}): run scripts/setup.sh, or pass "
                          "-DTFMIGRATE_SDIST_DIR=<a directory with ${name}>")
    endif()
  endif()
endforeach()
set(_tfm_x "${PROJECT_BINARY_DIR}/_grammar_extract")
file(REMOVE_RECURSE "${_tfm_x}" "${TFMIGRATE_DEPS_DIR}/tree-sitter" "${TFMIGRATE_DEPS_DIR}/tree-sitter-python")
file(ARCHIVE_EXTRACT INPUT "${_tfm_dl}/tree-sitter-0.23.2.tar.gz" DESTINATION "${_tfm_x}")
file(ARCHIVE_EXTRACT INPUT "${_tfm_dl}/tree_sitter_python-0.23.6.tar.gz" DESTINATION "${_tfm_x}")
set(_core "${_tfm_x}/tree-sitter-0.23.2/tree_sitter/core/lib")
file(COPY "${_core}" "${_tfm_x}/tree-sitter-0.23.2/LICENSE" DESTINATION "${TFMIGRATE_DEPS_DIR}/tree-sitter")
file(COPY "${_tfm_x}/tree_sitter_python-0.23.6/src/parser.c" "${_tfm_x}/tree_sitter_python-0.23.6/src/scanner.c"
     DESTINATION "${TFMIGRATE_DEPS_DIR}/tree-sitter-python/src")
file(COPY "${_tfm_x}/tree_sitter_python-0.23.6/LICENSE" DESTINATION "${TFMIGRATE_DEPS_DIR}/tree-sitter-python")
foreach(h parser.h array.h alloc.h ts_assert.h)
  file(COPY "${_core}/src/${h}" DESTINATION "${TFMIGRATE_DEPS_DIR}/tree-sitter-python/src/tree_sitter")
endforeach()
file(REMOVE_RECURSE "${_tfm_x}")
# setup.sh's stamps: it then takes these sources as its own
file(TOUCH "${TFMIGRATE_DEPS_DIR}/tree-sitter/.ok-0.23.2" "${TFMIGRATE_DEPS_DIR}/tree-sitter-python/.ok-0.23.6")
