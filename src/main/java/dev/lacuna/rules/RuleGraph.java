package dev.lacuna.rules;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * Rules as RDF in a KG's {@code benchmark} graph, in the vocabulary of ontologies/lacuna.ttl:
 * <pre>
 * &lt;kg/NAME/rule/HASH&gt; a lacuna:Rule ; lacuna:ruleText "?b  husband  ?a   =&gt; ?a  wife  ?b" ;
 *     lacuna:head &lt;.../head&gt; ; lacuna:bodyAtom &lt;.../body/0&gt; ; lacuna:ruleType lacuna:Inversion ;
 *     lacuna:support 454 ; lacuna:headCoverage 0.63 ; ... ; lacuna:functionalVariable "?a" ; lacuna:minedBy "lacuna-mine" .
 * &lt;.../body/0&gt; a lacuna:Atom ; lacuna:index 0 ; lacuna:subjectVariable "?b" ; lacuna:relation &lt;kg/NAME/relation/husband&gt; ;
 *     lacuna:objectVariable "?a" .
 * </pre>
 * An argument that is a constant (rules mined with {@code --const}) is written with lacuna:subjectConstant or
 * lacuna:objectConstant and the entity's name instead of the variable property.
 * A rule's IRI is a digest of its canonical text, so the same rule gets the same IRI whoever mined it. Body atoms
 * are indexed 0.. in canonical order; the head atom carries no index.
 */
public final class RuleGraph {
    public static final String MINED_BY_LACUNA = "lacuna-mine";
    public static final String MINED_BY_AMIE3 = "amie3-import";
    /** Rules read from AnyBURL's file and measured on the KG. */
    public static final String MINED_BY_ANYBURL = "anyburl-import";
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private RuleGraph() {
    }

    /** The IRI of a rule in a KG. */
    public static IRI ruleIri(KgGraphs kg, Rule rule) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(rule.toAmie().getBytes(StandardCharsets.UTF_8));
            return VF.createIRI(kg.prefix() + "rule/" + HexFormat.of().formatHex(d, 0, 12));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The statements describing the rules (without graph). */
    public static Model toModel(KgGraphs kg, List<MinedRule> rules, String minedBy) {
        Model m = new LinkedHashModel();
        for (MinedRule mr : rules) {
            Rule r = mr.rule();
            RuleMeasures x = mr.measures();
            IRI rule = ruleIri(kg, r);
            m.add(rule, RDF.TYPE, LacunaVocab.RULE);
            m.add(rule, LacunaVocab.RULE_TEXT, VF.createLiteral(r.toAmie()));
            IRI head = VF.createIRI(rule.stringValue() + "/head");
            m.add(rule, LacunaVocab.HEAD, head);
            atom(m, kg, head, r.head(), -1);
            for (int i = 0; i < r.body().size(); i++) {
                IRI a = VF.createIRI(rule.stringValue() + "/body/" + i);
                m.add(rule, LacunaVocab.BODY_ATOM, a);
                atom(m, kg, a, r.body().get(i), i);
            }
            m.add(rule, LacunaVocab.RULE_TYPE, LacunaVocab.iri(RuleType.of(r).vocabularyName()));
            m.add(rule, LacunaVocab.SUPPORT, VF.createLiteral(x.support()));
            m.add(rule, LacunaVocab.HEAD_COVERAGE, VF.createLiteral(x.headCoverage()));
            m.add(rule, LacunaVocab.STANDARD_CONFIDENCE, VF.createLiteral(x.standardConfidence()));
            m.add(rule, LacunaVocab.PCA_CONFIDENCE, VF.createLiteral(x.pcaConfidence()));
            m.add(rule, LacunaVocab.BODY_SIZE, VF.createLiteral(x.bodySize()));
            m.add(rule, LacunaVocab.PCA_BODY_SIZE, VF.createLiteral(x.pcaBodySize()));
            // with a constant in the head its one variable, ?a, is the functional one whichever side it is on
            m.add(rule, LacunaVocab.FUNCTIONAL_VARIABLE,
                    VF.createLiteral(r.head().hasConstant() ? "?a" : x.functionalVariableName()));
            m.add(rule, LacunaVocab.MINED_BY, VF.createLiteral(minedBy));
        }
        return m;
    }

    private static void atom(Model m, KgGraphs kg, IRI atom, Atom a, int index) {
        m.add(atom, RDF.TYPE, LacunaVocab.ATOM);
        if (index >= 0) {
            m.add(atom, LacunaVocab.INDEX, VF.createLiteral(index));
        }
        if (a.subjectConstant() != null) {
            m.add(atom, LacunaVocab.SUBJECT_CONSTANT, VF.createLiteral(a.subjectConstant()));
        } else {
            m.add(atom, LacunaVocab.SUBJECT_VARIABLE, VF.createLiteral(Rule.variableName(a.subject())));
        }
        m.add(atom, LacunaVocab.RELATION, kg.relation(a.relation()));
        if (a.objectConstant() != null) {
            m.add(atom, LacunaVocab.OBJECT_CONSTANT, VF.createLiteral(a.objectConstant()));
        } else {
            m.add(atom, LacunaVocab.OBJECT_VARIABLE, VF.createLiteral(Rule.variableName(a.object())));
        }
    }

    /**
     * Refuses to store rules over those of a KG whose benchmark was built (its folder's rules.tsv would no longer
     * verify), unless {@code force}.
     */
    public static void refuseReplacingBuild(RepositoryConnection c, KgGraphs kg, boolean force) {
        boolean built = c.hasStatement(null, RDF.TYPE, LacunaVocab.BENCHMARK_RUN, false, kg.benchmark());
        if (built && !force) {
            throw new BadInputException("KG '" + kg.name() + "' has a built benchmark whose rules are stored in "
                    + kg.benchmark() + "; storing these rules would replace them and its folder would no longer "
                    + "verify. Give --force to replace them, or mine into a file with --input");
        }
    }

    /**
     * Stores the rules in the KG's benchmark graph in one transaction, replacing the rules stored earlier with
     * the same {@code minedBy}; on failure nothing changes.
     */
    public static void write(RepositoryConnection c, KgGraphs kg, List<MinedRule> rules, String minedBy) {
        Model model = toModel(kg, rules, minedBy);
        IRI graph = kg.benchmark();
        c.begin();
        try {
            for (Resource old : storedRules(c, kg, minedBy)) {
                removeRule(c, graph, old);
            }
            c.add(model, graph);
            c.commit();
        } catch (RuntimeException e) {
            if (c.isActive()) {
                c.rollback();
            }
            throw e;
        }
    }

    private static Set<Resource> storedRules(RepositoryConnection c, KgGraphs kg, String minedBy) {
        Set<Resource> rules = new HashSet<>();
        try (RepositoryResult<Statement> st = c.getStatements(null, LacunaVocab.MINED_BY, VF.createLiteral(minedBy),
                false, kg.benchmark())) {
            for (Statement s : st) {
                rules.add(s.getSubject());
            }
        }
        return rules;
    }

    private static void removeRule(RepositoryConnection c, IRI graph, Resource rule) {
        List<Resource> atoms = new ArrayList<>();
        try (RepositoryResult<Statement> st = c.getStatements(rule, null, null, false, graph)) {
            for (Statement s : st) {
                if ((s.getPredicate().equals(LacunaVocab.HEAD) || s.getPredicate().equals(LacunaVocab.BODY_ATOM))
                        && s.getObject() instanceof Resource a) {
                    atoms.add(a);
                }
            }
        }
        for (Resource a : atoms) {
            c.remove(a, null, null, graph);
        }
        c.remove(rule, null, null, graph);
    }

    /** Reads back the rules stored in the KG's benchmark graph (all of them, or those with the given minedBy). */
    public static List<MinedRule> read(RepositoryConnection c, KgGraphs kg, String minedByOrNull) {
        // One pass over the benchmark graph keeping only the rules' own properties: the graph also holds every
        // question's and grounding's provenance (1.4M statements on FB15k-237), which a Model would index whole.
        Set<Resource> rules = new LinkedHashSet<>();
        Map<Resource, Map<IRI, Value>> properties = new HashMap<>();
        try (RepositoryResult<Statement> st = c.getStatements(null, null, null, false, kg.benchmark())) {
            for (Statement s : st) {
                IRI p = s.getPredicate();
                if (p.equals(RDF.TYPE)) {
                    if (s.getObject().equals(LacunaVocab.RULE)) {
                        rules.add(s.getSubject());
                    }
                } else if (RULE_PROPERTIES.contains(p)) {
                    properties.computeIfAbsent(s.getSubject(), x -> new HashMap<>()).putIfAbsent(p, s.getObject());
                }
            }
        }
        List<MinedRule> out = new ArrayList<>();
        for (Resource rule : rules) {
            Map<IRI, Value> m = properties.getOrDefault(rule, Map.of());
            if (minedByOrNull != null && !minedByOrNull.equals(string(m, rule, LacunaVocab.MINED_BY))) {
                continue;
            }
            String text = string(m, rule, LacunaVocab.RULE_TEXT);
            Rule r = AmieRules.parseRule(text, rule.stringValue(), -1);
            RuleMeasures x = new RuleMeasures(number(m, rule, LacunaVocab.HEAD_COVERAGE).doubleValue(),
                    number(m, rule, LacunaVocab.STANDARD_CONFIDENCE).doubleValue(),
                    number(m, rule, LacunaVocab.PCA_CONFIDENCE).doubleValue(),
                    number(m, rule, LacunaVocab.SUPPORT).longValue(),
                    number(m, rule, LacunaVocab.BODY_SIZE).longValue(),
                    number(m, rule, LacunaVocab.PCA_BODY_SIZE).longValue(),
                    functionalVariable(r, string(m, rule, LacunaVocab.FUNCTIONAL_VARIABLE)));
            out.add(new MinedRule(r, x));
        }
        out.sort(AmieRules.ORDER);
        return out;
    }

    /** The properties of a rule node that {@link #read} turns back into a {@link MinedRule}. */
    private static final Set<IRI> RULE_PROPERTIES = Set.of(LacunaVocab.MINED_BY, LacunaVocab.RULE_TEXT,
            LacunaVocab.HEAD_COVERAGE, LacunaVocab.STANDARD_CONFIDENCE, LacunaVocab.PCA_CONFIDENCE, LacunaVocab.SUPPORT,
            LacunaVocab.BODY_SIZE, LacunaVocab.PCA_BODY_SIZE, LacunaVocab.FUNCTIONAL_VARIABLE);

    /** AMIE3's -1 (subject side) / -2 (object side); a head with a constant has its variable on one side only. */
    private static int functionalVariable(Rule r, String name) {
        if (r.head().hasConstant()) {
            return r.head().subjectConstant() == null ? -1 : -2;
        }
        return "?b".equals(name) ? -2 : -1;
    }

    private static Value value(Map<IRI, Value> m, Resource s, IRI p) {
        Value v = m.get(p);
        if (v == null) {
            throw new LacunaException("rule " + s + " has no " + p.getLocalName());
        }
        return v;
    }

    private static String string(Map<IRI, Value> m, Resource s, IRI p) {
        return value(m, s, p).stringValue();
    }

    private static Number number(Map<IRI, Value> m, Resource s, IRI p) {
        Value v = value(m, s, p);
        if (v instanceof Literal l) {
            return Double.parseDouble(l.getLabel());
        }
        throw new LacunaException("rule " + s + ": " + p.getLocalName() + " is not a literal");
    }
}
