import Foundation
import SBMapModel
import Testing

/// A graph's nodes by id: one index per graph, made at the first look-up, and never stale.
@Suite struct NodeIndexTests {
    static func node(_ id: String, storyboard: String? = "A.storyboard", label: String? = nil) -> Node {
        Node(id: id, storyboard: storyboard, objectID: id, element: "viewController", role: .plain, label: label ?? id)
    }

    @Test func theFirstNodeOfAnIdIsFoundAndAMissingIdIsNot() {
        let graph = StoryboardGraph(nodes: [Self.node("a"), Self.node("b"), Self.node("a", label: "second a")])
        #expect(graph.nodesByID["a"]?.label == "a")
        #expect(graph.nodesByID["b"]?.label == "b")
        #expect(graph.nodesByID["c"] == nil)
        #expect(graph.nodePositions == ["a": 0, "b": 1])
    }

    @Test func changedNodesAreLookedUpAsTheyAreNow() {
        var graph = StoryboardGraph(nodes: [Self.node("a"), Self.node("b")])
        let copy = graph
        #expect(graph.nodesByID["b"]?.label == "b")
        graph.nodes[1].label = "renamed"  // one field of one node
        #expect(graph.nodesByID["b"]?.label == "renamed")
        graph.nodes[0].id = "z"  // an id
        #expect(graph.nodesByID["a"] == nil && graph.nodesByID["z"]?.label == "a")
        graph.nodes.append(Self.node("c"))
        #expect(graph.nodePositions == ["z": 0, "b": 1, "c": 2])
        graph.nodes.removeFirst()
        #expect(graph.nodePositions == ["b": 0, "c": 1])
        graph.nodes = [Self.node("d")]
        #expect(graph.nodePositions == ["d": 0])
        // The copy taken before kept its nodes, and finds them.
        #expect(copy.nodePositions == ["a": 0, "b": 1])
        #expect(copy.nodesByID["b"]?.label == "b")
    }

    @Test func theIndexIsNoPartOfTheValue() throws {
        let looked = StoryboardGraph(nodes: [Self.node("a")])
        _ = looked.nodesByID["a"]
        let fresh = StoryboardGraph(nodes: [Self.node("a")])
        #expect(looked == fresh)
        #expect(looked.hashValue == fresh.hashValue)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(looked)
        #expect(try encoder.encode(fresh) == json)
        let decoded = try JSONDecoder().decode(StoryboardGraph.self, from: json)
        #expect(decoded == looked && decoded.nodesByID["a"]?.label == "a")
        #expect(!String(decoding: json, as: UTF8.self).contains("nodeIndex"))
    }

    @Test func graphsLookedUpFromManyThreadsAtOnceAgree() {
        let graph = StoryboardGraph(nodes: (0..<2_000).map { Self.node("n\($0)") })
        let found = parallelMap(count: 8) { task in
            (0..<2_000).filter { graph.nodesByID["n\($0)"]?.label == "n\($0)" && $0 % 8 == task }.count
        }
        #expect(found.reduce(0, +) == 2_000)
    }
}
