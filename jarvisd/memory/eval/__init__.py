"""The memory evaluation runner: the seed's ten suites (plus recall-quality scenarios) on both stores.

    python -m jarvisd.memory.eval --suite all
"""
