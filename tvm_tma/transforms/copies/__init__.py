"""Copies: planning one copy as few ``cp.async.bulk`` (1-D runs, tensor maps) as legal, its
``cp.async`` fallback, swizzled tiles, bulk stores, and the passes about their memory (shared
alignment, uniform zero-fills, the host's tensor-map cache)."""
