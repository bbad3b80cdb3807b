package dev.lacuna.export;

import java.nio.file.Path;

import dev.lacuna.eval.BenchmarkFixture;

/**
 * {@link BenchmarkFixture}'s questions over a small KG that export can read: complete, incomplete and removed graphs
 * that agree with the questions (each test question's own triple removed; its inverse kept, as a rule's body needs),
 * the rules and a summary.json with the counts. Test split (text labels): q1 Alice brotherOf -> {Bob, Carol Ann}, hard
 * Bob; q2 (Dave, tail) sisterOf -> {e5} (entity 5 has no label), hard e5; q3 Frank brotherOf -> {The Grace, Heidi,
 * Ivan}, hard Ivan. Bob also calls Alice a friend (2 friendOf 1), so RoG's one edge between them may carry either name.
 */
final class RoundTripFixture {
    static final String COMPLETE = """
            1\tbrotherOf\t2
            2\tbrotherOf\t1
            1\tbrotherOf\t3
            3\tbrotherOf\t1
            2\tfriendOf\t1
            5\tsisterOf\t4
            4\tsisterOf\t5
            6\tbrotherOf\t7
            6\tbrotherOf\t8
            6\tbrotherOf\t9
            9\tbrotherOf\t6
            2\tsisterOf\t3
            7\tsisterOf\t10
            """;
    static final String REMOVED = "1\tbrotherOf\t2\n5\tsisterOf\t4\n6\tbrotherOf\t9\n";

    private RoundTripFixture() {
    }

    static Path write(Path dir) {
        BenchmarkFixture.write(dir);
        StringBuilder incomplete = new StringBuilder();
        for (String line : COMPLETE.split("\n")) {
            if (!REMOVED.contains(line + "\n")) {
                incomplete.append(line).append('\n');
            }
        }
        BenchmarkFixture.writeString(dir.resolve("kg/complete.tsv"), COMPLETE);
        BenchmarkFixture.writeString(dir.resolve("kg/incomplete.tsv"), incomplete.toString());
        BenchmarkFixture.writeString(dir.resolve("kg/removed.tsv"), REMOVED);
        BenchmarkFixture.writeString(dir.resolve("rules.tsv"), "Rule\tHead Coverage\n"
                + "?a brotherOf ?b => ?b brotherOf ?a\t0.5\n?a sisterOf ?b => ?b sisterOf ?a\t0.5\n");
        BenchmarkFixture.writeString(dir.resolve("summary.json"), "{\"format\": 1, \"kg\": \"fixture\", \"base\": \"https://lacuna.dev/\", "
                + "\"triples\": {\"complete\": 13, \"incomplete\": 10, \"removed\": 3}, \"questions\": {\"total\": 5}}\n");
        return dir;
    }
}
