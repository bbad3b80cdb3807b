package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.lacuna.breakage.BreakKind;
import dev.lacuna.breakage.BreakSettings;
import dev.lacuna.grounding.GroundingSource;
import dev.lacuna.rules.MinedRule;

/** The settings a build is fixed with, and the parameters the benchmark graph and summary.json record from them. */
class BuildPlanTest {
    private static final Path OUT = Path.of("out");

    @Test
    void theRulesAreFixedWhenTheBuildStarts() {
        List<MinedRule> rules = new ArrayList<>(FamilyBuild.referenceRules().subList(0, 3));
        BuildPlan plan = new BuildPlan(FamilyBuild.KG, rules, "x", BuildSettings.defaults(OUT), GroundingSource.INDEX,
                BreakSettings.NONE);
        rules.clear();
        assertEquals(FamilyBuild.referenceRules().subList(0, 3), plan.rules());
        assertEquals("3", plan.parameters("template").get("rules"));
    }

    @Test
    void theParametersOfThePapersBuildInTheirRecordedOrder() {
        BuildPlan plan = new BuildPlan(FamilyBuild.KG, FamilyBuild.referenceRules(), "lacuna-mine",
                BuildSettings.defaults(OUT).withSeed(1), GroundingSource.INDEX, BreakSettings.NONE);
        assertEquals(List.of("seed=1", "seed_streams=per-stage", "groundings_per_rule=30", "tau=0.01", "questions=template",
                "rules=" + FamilyBuild.referenceRules().size(), "rules_from=lacuna-mine", "selection=filter"),
                entries(plan.parameters("template")));
    }

    @Test
    void depthAndBreaksComeLast() {
        BuildPlan plan = new BuildPlan(FamilyBuild.KG, FamilyBuild.referenceRules().subList(0, 2), "amie3-import",
                BuildSettings.defaults(OUT).withDepth(3, 7), GroundingSource.SPARQL,
                new BreakSettings(BreakKind.REPLACE, 0.2));
        assertEquals(List.of("seed=42", "seed_streams=per-stage", "groundings_per_rule=30", "tau=0.01", "questions=template", "rules=2",
                "rules_from=amie3-import", "selection=filter", "depth=3", "per_depth=7", "break=replace", "noise=0.2"),
                entries(plan.parameters("template")));
    }

    private static List<String> entries(Map<String, String> parameters) {
        return parameters.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
    }
}
