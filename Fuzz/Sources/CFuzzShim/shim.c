/* Only the header matters (LLVMFuzzerRunDriver comes from -sanitize=fuzzer). */
