package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.lacuna.BadInputException;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;

/**
 * The relation choice (AMIE3's -htr, -hexr, -btr, -bexr and the RDF/OWL vocabulary) against the miner without one:
 * AMIE3 never adds an atom the choice forbids, and a rule's shorter sub-rules use no relation it does not, so mining
 * with a choice gives exactly the rules mined without it that the choice allows (their measures too, and the skyline
 * unchanged). maxad 3 on Family, maxad 4 on UMLS (where the walk rules of four atoms are refined in one pass per head).
 */
class RelationChoiceMiningTest {
    private static final String TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

    @TempDir
    Path tmp;

    private static List<MinedRule> mine(KgIndex kg, int maxad, RelationChoice choice) {
        return mine(kg, maxad, MinerOptions.DEFAULT_MIN_HC, choice);
    }

    private static List<MinedRule> mine(KgIndex kg, int maxad, double minhc, RelationChoice choice) {
        MinerOptions d = MinerOptions.defaults();
        return new Miner(kg, new MinerOptions(minhc, d.minStdConfidence(), d.minPcaConfidence(), maxad,
                d.minInitialSupport(), d.maxRelationOccurrences(), 2, false, choice)).mine();
    }

    private static List<MinedRule> allowed(List<MinedRule> rules, Predicate<Rule> keep) {
        return rules.stream().filter(r -> keep.test(r.rule())).toList();
    }

    private static boolean bodyUses(Rule r, String relation) {
        return r.body().stream().map(Atom::relation).anyMatch(relation::equals);
    }

    private static RelationChoice choice(List<String> headTargets, List<String> headExcluded, List<String> bodyTargets,
                                         List<String> bodyExcluded) {
        return new RelationChoice(RelationChoice.Vocabulary.EXCLUDE, headTargets, headExcluded, bodyTargets, bodyExcluded);
    }

    /** UMLS at maxad 4 with head coverage 0.5, so that its five minings take seconds: the same search, fewer rules. */
    @ParameterizedTest(name = "{0} at maxad {1}, minhc {2}")
    @CsvSource({"family/facts.txt, 3, 0.1, brother, sister, father, mother",
            "umls/facts.txt, 4, 0.5, Affects, Process_of, Isa, Location_of"})
    void aChoiceMinesExactlyTheRulesItAllows(String facts, int maxad, double minhc, String head, String body,
                                             String target1, String target2) {
        KgIndex kg = KgIndex.fromTsv(ReferenceComparison.shared("data", facts.split("/")[0], facts.split("/")[1]));
        List<MinedRule> all = mine(kg, maxad, minhc, RelationChoice.DEFAULT);
        assertTrue(all.stream().anyMatch(r -> r.rule().head().relation().equals(head)), "no rule concludes " + head);
        assertTrue(all.stream().anyMatch(r -> bodyUses(r.rule(), body)), "no rule uses " + body);

        assertEquals(allowed(all, r -> !r.head().relation().equals(head)),
                mine(kg, maxad, minhc, choice(List.of(), List.of(head), List.of(), List.of())), "--head-excluded-relations");
        assertEquals(allowed(all, r -> r.head().relation().equals(head)),
                mine(kg, maxad, minhc, choice(List.of(head), List.of(), List.of(), List.of())), "--head-target-relations");
        assertEquals(allowed(all, r -> !bodyUses(r, body)),
                mine(kg, maxad, minhc, choice(List.of(), List.of(), List.of(), List.of(body))), "--body-excluded-relations");
        List<String> targets = List.of(target1, target2, head);
        assertEquals(allowed(all, r -> r.body().stream().allMatch(a -> targets.contains(a.relation()))),
                mine(kg, maxad, minhc, choice(List.of(), List.of(), targets, List.of())), "--body-target-relations");
    }

    @Test
    void aHeadTargetIsMinedWhateverItsSizeAsAmie3SeedsIt() {
        KgIndex kg = KgIndex.fromTsv(ReferenceComparison.shared("data", "umls", "facts.txt"));
        String small = null;
        for (int r = 0; r < kg.relationCount(); r++) {
            if (kg.size(r) >= 20 && kg.size(r) < MinerOptions.DEFAULT_MIN_INITIAL_SUPPORT) {
                small = kg.relationName(r);
                break;
            }
        }
        String head = small;
        assertTrue(head != null, "UMLS has a relation of 20 to 99 facts");
        assertTrue(mine(kg, 3, RelationChoice.DEFAULT).stream().noneMatch(r -> r.rule().head().relation().equals(head)));
        MinerOptions noMinis = new MinerOptions(MinerOptions.DEFAULT_MIN_HC, MinerOptions.DEFAULT_MIN_STD,
                MinerOptions.DEFAULT_MIN_PCA, 3, 0, MinerOptions.DEFAULT_MAX_RELATION_OCCURRENCES, 2);
        List<MinedRule> expected = allowed(new Miner(kg, noMinis).mine(), r -> r.head().relation().equals(head));
        assertFalse(expected.isEmpty(), "rules conclude " + head + " when every relation is a head");
        assertEquals(expected, mine(kg, 3, choice(List.of(head), List.of(), List.of(), List.of())));
    }

    /** Family with its relation sister renamed rdf:type: the vocabulary's three settings. */
    @Test
    void theVocabularyIsExcludedByDefaultAndCanBeAllowed() throws IOException {
        Path file = tmp.resolve("typed.tsv");
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(ReferenceComparison.shared("data", "family", "facts.txt"))) {
            String[] f = line.split("\t");
            lines.add(f[0] + "\t" + (f[1].equals("sister") ? TYPE : f[1]) + "\t" + f[2]);
        }
        Files.write(file, lines);
        KgIndex kg = KgIndex.fromTsv(file);
        RelationChoice allow = new RelationChoice(RelationChoice.Vocabulary.ALLOW, List.of(), List.of(), List.of(), List.of());
        List<MinedRule> all = mine(kg, 3, allow);
        assertTrue(all.stream().anyMatch(r -> r.rule().head().relation().equals(TYPE)));
        assertTrue(all.stream().anyMatch(r -> bodyUses(r.rule(), TYPE)));
        assertEquals(allowed(all, r -> !r.head().relation().equals(TYPE) && !bodyUses(r, TYPE)),
                mine(kg, 3, RelationChoice.DEFAULT));
        RelationChoice body = new RelationChoice(RelationChoice.Vocabulary.BODY, List.of(), List.of(), List.of(), List.of());
        assertEquals(allowed(all, r -> !r.head().relation().equals(TYPE)), mine(kg, 3, body));
    }

    @Test
    void namesResolveAsTheKgSpellsThemAndAnUnknownOneIsRefused() {
        List<String> relations = List.of(TYPE, "bornIn", "<livesIn>");
        RelationChoice c = new RelationChoice(RelationChoice.Vocabulary.ALLOW, List.of("rdf:type", "<bornIn>", "<livesIn>"),
                List.of(), List.of(), List.of()).resolve(relations, "KG 'k'");
        assertEquals(List.of(TYPE, "bornIn", "<livesIn>"), c.headTargets());
        BadInputException unknown = assertThrows(BadInputException.class, () -> new RelationChoice(
                RelationChoice.Vocabulary.EXCLUDE, List.of(), List.of("diedIn"), List.of(), List.of())
                .resolve(relations, "KG 'k'"));
        assertTrue(unknown.getMessage().contains("--head-excluded-relations names 'diedIn'"), unknown.getMessage());
        BadInputException typeAsHead = assertThrows(BadInputException.class, () -> new RelationChoice(
                RelationChoice.Vocabulary.EXCLUDE, List.of("rdf:type"), List.of(), List.of(), List.of())
                .resolve(relations, "KG 'k'"));
        assertTrue(typeAsHead.getMessage().contains("--vocabulary allow"), typeAsHead.getMessage());
        assertThrows(BadInputException.class, () -> new RelationChoice(RelationChoice.Vocabulary.EXCLUDE,
                List.of("bornIn"), List.of("bornIn"), List.of(), List.of()));
    }
}
