import CLuaSupport

/// Limits of the whole process, for `ctlua test`'s worker processes (the engine's own limits
/// are per Lua state: ``LuaLimits``). Here because the C helpers live in CLuaSupport, which
/// only LuaRuntime and JSON import.
public enum ProcessLimits {
    /// True when the process runs under AddressSanitizer (its shadow memory alone is terabytes
    /// of address space, so no address-space cap can apply).
    public static var underAddressSanitizer: Bool { ctl_address_sanitizer_active() != 0 }

    /// Caps the process's address space (RLIMIT_AS) at `bytes`: allocations past it fail.
    /// Returns false when it could not be applied (under AddressSanitizer, or refused).
    @discardableResult
    public static func capAddressSpace(_ bytes: Int) -> Bool {
        bytes > 0 && ctl_limit_address_space(UInt64(bytes)) == 0
    }

    /// No core files: a crashing worker leaves nothing behind.
    public static func disableCoreDumps() { _ = ctl_disable_core_dumps() }
}
