import Testing
import TestSupport
@testable import Traits

/// Issue 20, item 8: a 100,000-deep `view:add` chain took over 5 s (each add walked every
/// ancestor) and its tree overflowed the stack (find, the JSON tree and the release recurse once
/// per level). Trees stop at `TraitView.maxDepth` levels, and the check of an add walks at most
/// that many ancestors: the work is counted, so a quadratic walk fails these tests at any speed.
@Suite struct TraitViewTests {
    /// Adds 100,000 views, each under the last one accepted; returns the chain's bottom and the
    /// ancestors the checks walked.
    static func chain(downwards: Bool) -> (bottom: TraitView, top: TraitView, steps: Int, refused: Int) {
        var bottom = TraitView(kind: "k"), top = bottom, steps = 0, refused = 0
        for _ in 0..<100_000 {
            let view = TraitView(kind: "k")
            let (problem, walked) = downwards ? bottom.problemAdding(view) : view.problemAdding(top)
            steps += walked
            if problem != nil { refused += 1; continue }
            if downwards { bottom.add(view); bottom = view } else { view.add(top); top = view }
        }
        return (bottom, top, steps, refused)
    }

    @Test(arguments: [true, false])
    func aLongChainStopsAtTheMaximumDepthWithBoundedWork(downwards: Bool) {
        let (bottom, top, steps, refused) = Self.chain(downwards: downwards)
        #expect(top.height == TraitView.maxDepth)
        var depth = 1, node = bottom
        while let parent = node.parent { depth += 1; node = parent }
        #expect(depth == TraitView.maxDepth && node === top)
        #expect(refused == 100_000 - (TraitView.maxDepth - 1))
        // Each check walks at most maxDepth ancestors (the old walk: 5 billion steps for this chain).
        #expect(steps <= 100_000 * TraitView.maxDepth, "\(steps) ancestors walked")
        #expect(top.find("nothere") == nil)   // recursion over a bounded tree
    }

    @Test func aSubtreeThatWouldPassTheDepthIsRefused() {
        /// A chain of `levels` views: its root (held here: parents are weak) and its bottom.
        func chain(_ levels: Int) -> (root: TraitView, bottom: TraitView) {
            let root = TraitView(kind: "root")
            var bottom = root
            for _ in 1..<levels {
                let child = TraitView(kind: "k")
                bottom.add(child)
                bottom = child
            }
            return (root, bottom)
        }
        let (deepRoot, deep) = chain(60)
        let (root, tall) = chain(45)
        #expect(root.height == 45)
        #expect(deep.problemAdding(root).problem?.contains("more than \(TraitView.maxDepth) levels") == true)
        #expect(deep.problemAdding(tall).problem == nil)   // the leaf alone fits
        #expect(tall.problemAdding(root).problem?.contains("inside itself") == true)
        #expect(deepRoot.height == 60)
    }

    /// The same through the binding (20,000 adds each way; the old code took 22 s for the first
    /// loop in a debug build): the chain ends with a clear Lua error, and what was built
    /// can be searched, turned into JSON and released.
    @Test func theLuaChainEndsWithAClearErrorAndTheTreeStaysUsable() throws {
        let outcome = withDeadline(60) { () throws -> String in
            let h = try TraitsHarness()
            let r = try h.lua("""
                local root = traits.view{kind = 'root'}
                local v, message = root, nil
                for i = 1, 20000 do
                  local c = traits.view{kind = 'k'}
                  local ok, e = pcall(v.add, v, c)
                  if ok then v = c elseif not message then message = e end
                end
                local top = traits.view{kind = 'k'}
                for i = 1, 20000 do local p = traits.view{kind = 'k'} if pcall(p.add, p, top) then top = p end end
                return message, root:find('nothere') == nil, #json.encode(root:tree()) > 0, top:find('nothere') == nil
                """)
            return "\(r[0].stringValue ?? "nil") \(r[1]) \(r[2]) \(r[3])"
        }
        guard case .success(let text)? = outcome else { Issue.record("did not finish: \(String(describing: outcome))"); return }
        #expect(text.contains("traits: the views would be more than 100 levels deep"), "\(text)")
        #expect(text.hasSuffix("true true true"), "\(text)")
    }

    /// Siblings: each add checks one ancestor (the parent) and raises no height past it, so
    /// the work is counted exactly and grows linearly: n adds walk n ancestors, at 1,000 as at
    /// 100,000 (an add that scanned the siblings would walk n(n+1)/2). Counted, not timed: a
    /// wall-clock ratio in a unit test fails on a busy machine and proves less.
    @Test(arguments: [1_000, 10_000, 100_000])
    func siblingsCostTheSameWorkEach(count: Int) {
        var steps = 0
        let root = TraitView(kind: "root")
        for _ in 0..<count {
            let view = TraitView(kind: "k")
            let (problem, walked) = root.problemAdding(view)
            steps += walked
            if problem == nil { root.add(view) }
        }
        #expect(root.children.count == count && root.height == 2)
        #expect(steps == count)
    }
}
