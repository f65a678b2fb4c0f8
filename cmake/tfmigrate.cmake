# Shared helpers for tfmigrate targets.

set(TFMIGRATE_WARNINGS -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers -Wno-restrict)

# tfmigrate_test(NAME SOURCES... [LIBS ...] [LABELS ...])
# A GoogleTest binary registered with CTest, run from the source root so tests find testdata/.
function(tfmigrate_test name)
  cmake_parse_arguments(T "" "" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE ${T_LIBS} GTest::gtest GTest::gtest_main)
  target_compile_options(${name} PRIVATE ${TFMIGRATE_WARNINGS})
  target_compile_definitions(${name} PRIVATE TFMIGRATE_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
                                             TFMIGRATE_BINARY_DIR="${CMAKE_BINARY_DIR}")
  gtest_discover_tests(${name} WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
                       PROPERTIES LABELS "${T_LABELS}" DISCOVERY_TIMEOUT 60)
endfunction()
