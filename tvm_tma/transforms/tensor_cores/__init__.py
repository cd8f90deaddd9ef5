"""Tensor cores: the wgmma instructions and descriptors, and the accumulator fragments."""
