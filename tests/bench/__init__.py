"""`make bench`: the performance figures the issues ask for. Benchmarks, never timed tests."""
