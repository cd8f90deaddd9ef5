"""Verifiers: checks of the lowered IR (the mbarrier protocol, wgmma's rules, shared memory)."""
