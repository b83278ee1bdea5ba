// Templates module
