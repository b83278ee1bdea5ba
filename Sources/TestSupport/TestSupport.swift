// TestSupport module
