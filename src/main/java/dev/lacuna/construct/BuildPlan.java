package dev.lacuna.construct;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.lacuna.Seeds;
import dev.lacuna.breakage.BreakSettings;
import dev.lacuna.grounding.GroundingSource;
import dev.lacuna.questions.GeneratorKind;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.KgGraphs;

/**
 * Everything one build was asked to do, fixed when it starts: the builder's choices and the call's arguments copied
 * into one immutable value, so no step sees a setting change under it and every step's settings are in its
 * parameters.
 *
 * @param kg        the KG built from
 * @param rules     the rules, in the order their groundings are considered
 * @param minedBy   where the rules came from (lacuna-mine, amie3-import), for provenance
 * @param settings  the build's parameters ({@code --seed}, {@code --tau}, {@code --depth}, ...)
 * @param groundings where groundings are drawn: complete's integer index, or SPARQL
 * @param breaks    the broken graphs to make beside incomplete; {@link BreakSettings#NONE} for none
 * @param relations the KG's relation names, once the inputs are checked (empty before)
 * @param leftOut   rules given that the relation choice left out ({@link BuildSettings#relations})
 */
record BuildPlan(KgGraphs kg, List<MinedRule> rules, String minedBy, BuildSettings settings,
                 GroundingSource groundings, BreakSettings breaks, List<String> relations, int leftOut) {
    BuildPlan {
        rules = List.copyOf(rules);
        relations = List.copyOf(relations);
    }

    BuildPlan(KgGraphs kg, List<MinedRule> rules, String minedBy, BuildSettings settings, GroundingSource groundings,
              BreakSettings breaks) {
        this(kg, rules, minedBy, settings, groundings, breaks, List.of(), 0);
    }

    /** This plan after the input checks: the rules the relation choice keeps, with the choice's names resolved. */
    BuildPlan checked(List<MinedRule> kept, BuildSettings resolved, List<String> kgRelations) {
        return new BuildPlan(kg, kept, minedBy, resolved, groundings, breaks, kgRelations, rules.size() - kept.size());
    }

    /**
     * The run's parameters as the benchmark graph and summary.json record them, in their order;
     * {@code generator} is the question generator's name.
     */
    Map<String, String> parameters(String generator) {
        BuildSettings s = settings;
        Map<String, String> p = new LinkedHashMap<>();
        p.put("seed", Long.toString(s.seed()));
        p.put("seed_streams", Seeds.STREAMS);
        p.put("groundings_per_rule", Integer.toString(s.groundingsPerRule()));
        p.put("tau", Double.toString(s.tau()));
        p.put("questions", generator);
        if (s.llm() != null && s.generator() == GeneratorKind.LLM) {
            p.put("llm_model", s.llm().model());
        }
        p.put("rules", Integer.toString(rules.size()));
        p.put("rules_from", minedBy);
        p.put("selection", s.selection().label());
        s.relations().addParameters(p, relations);
        if (s.depth() > 1) {
            p.put("depth", Integer.toString(s.depth()));
            p.put("per_depth", Integer.toString(s.perDepth()));
        }
        breaks.addParameters(p);
        return p;
    }
}
