# Shared helpers for tfmigrate targets.

set(TFMIGRATE_WARNINGS -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  # GCC 12's -Wrestrict misfires inside libstdc++'s std::string at -O2 (a known false positive).
  list(APPEND TFMIGRATE_WARNINGS -Wno-restrict)
endif()

# tfmigrate_library(NAME SOURCES... [LINK ...])
# One library of the project, alias tfmigrate::NAME: its sources and headers listed
# explicitly, includes spelled from the project root ("analyzer/source/source.h"), LINK
# public. Which library may use which is declared in tools/check_layers.py (test
# build_layers).
function(tfmigrate_library name)
  cmake_parse_arguments(L "" "" "SOURCES;LINK" ${ARGN})
  add_library(${name} STATIC ${L_SOURCES})
  add_library(tfmigrate::${name} ALIAS ${name})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
  target_compile_options(${name} PRIVATE ${TFMIGRATE_WARNINGS})
  target_link_libraries(${name} PUBLIC ${L_LINK})
endfunction()

# tfmigrate_test(NAME SOURCES... [LIBS ...] [LABELS ...])
# A GoogleTest binary registered with CTest, run from the source root so tests find testdata/.
function(tfmigrate_test name)
  cmake_parse_arguments(T "" "" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE ${T_LIBS} GTest::gtest GTest::gtest_main)
  target_compile_options(${name} PRIVATE ${TFMIGRATE_WARNINGS})
  target_compile_definitions(${name} PRIVATE TFMIGRATE_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
                                             TFMIGRATE_BINARY_DIR="${PROJECT_BINARY_DIR}")
  gtest_discover_tests(${name} WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                       PROPERTIES LABELS "${T_LABELS}" DISCOVERY_TIMEOUT 60)
endfunction()

# tfmigrate_fast_malloc(TARGET): link mimalloc (Debian libmimalloc-dev) into an
# executable so it replaces malloc/new for the whole process, tree-sitter included.
# The analysis allocates millions of small objects; glibc malloc cost ~10% of
# `tfmigrate check`'s instructions (docs/benchmarks.md). The check benchmark's
# baseline, tfm_parse_tree, links it too, so both sides use the same allocator.
# Without the package (or with -DTFMIGRATE_MIMALLOC=OFF) glibc malloc is used.
option(TFMIGRATE_MIMALLOC "Link mimalloc into the tfmigrate executables" ON)
if(TFMIGRATE_MIMALLOC)
  find_package(mimalloc CONFIG QUIET)
  if(mimalloc_FOUND)
    message(STATUS "tfmigrate: linking mimalloc ${mimalloc_VERSION}")
  else()
    message(STATUS "tfmigrate: mimalloc not found; using the C library's malloc")
  endif()
endif()
function(tfmigrate_fast_malloc target)
  if(TFMIGRATE_MIMALLOC AND mimalloc_FOUND)
    target_link_libraries(${target} PRIVATE mimalloc)
  endif()
endfunction()
