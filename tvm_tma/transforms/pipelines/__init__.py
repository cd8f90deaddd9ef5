"""Pipelines: copies on mbarriers in program order (software pipelines, copy blocks outside
them, warp-specialized roles), and the CTA barriers around them."""
