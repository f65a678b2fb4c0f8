// main() of the test binaries that need real TensorFlow (the checkout's .venv): without
// it they print why and exit 77, which CTest reports as skipped (SKIP_RETURN_CODE). Test
// discovery (--gtest_list_tests) works either way.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

int main(int argc, char** argv) {
  bool listing = false;
  for (int i = 1; i < argc; ++i) listing |= std::strncmp(argv[i], "--gtest_list_tests", 18) == 0;
  if (!listing) {
    std::string python = std::string(TFMIGRATE_SOURCE_DIR) + "/.venv/bin/python";
    std::string probe = "'" + python + "' -c 'import tensorflow' >/dev/null 2>&1";
    if (std::system(probe.c_str()) != 0) {
      std::printf("SKIPPED: no .venv with TensorFlow (scripts/setup.sh); %s not run on real TensorFlow\n", argv[0]);
      return 77;
    }
  }
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
