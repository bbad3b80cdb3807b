package dev.lacuna.store;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;

/** Terms of {@code ontologies/lacuna.ttl} used from Java; the Turtle file is the definition. */
public final class LacunaVocab {
    public static final String NS = "https://lacuna.dev/ns#";
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    public static final IRI KNOWLEDGE_GRAPH = iri("KnowledgeGraph");
    public static final IRI COMPLETE_GRAPH = iri("completeGraph");
    public static final IRI INCOMPLETE_GRAPH = iri("incompleteGraph");
    public static final IRI LABELS_GRAPH = iri("labelsGraph");
    public static final IRI BENCHMARK_GRAPH = iri("benchmarkGraph");
    public static final IRI TRIPLE_COUNT = iri("tripleCount");
    public static final IRI ENTITY_COUNT = iri("entityCount");
    public static final IRI RELATION_COUNT = iri("relationCount");
    public static final IRI CHECKSUM = iri("checksum");
    public static final IRI SEED = iri("seed");
    public static final IRI SOURCE_FILE = iri("sourceFile");

    public static final IRI ENTITY = iri("Entity");
    public static final IRI PRIVATE_ID = iri("privateId");
    public static final IRI SOURCE_ID = iri("sourceId");
    public static final IRI RELATION_CLASS = iri("Relation");
    public static final IRI SOURCE_NAME = iri("sourceName");

    public static final IRI RULE = iri("Rule");
    public static final IRI RULE_TEXT = iri("ruleText");
    public static final IRI HEAD = iri("head");
    public static final IRI BODY_ATOM = iri("bodyAtom");
    public static final IRI RULE_TYPE = iri("ruleType");
    public static final IRI SUPPORT = iri("support");
    public static final IRI HEAD_COVERAGE = iri("headCoverage");
    public static final IRI STANDARD_CONFIDENCE = iri("standardConfidence");
    public static final IRI PCA_CONFIDENCE = iri("pcaConfidence");
    public static final IRI BODY_SIZE = iri("bodySize");
    public static final IRI PCA_BODY_SIZE = iri("pcaBodySize");
    public static final IRI FUNCTIONAL_VARIABLE = iri("functionalVariable");
    public static final IRI MINED_BY = iri("minedBy");
    public static final IRI ATOM = iri("Atom");
    public static final IRI INDEX = iri("index");
    public static final IRI SUBJECT_VARIABLE = iri("subjectVariable");
    public static final IRI RELATION = iri("relation");
    public static final IRI OBJECT_VARIABLE = iri("objectVariable");
    public static final IRI SUBJECT_CONSTANT = iri("subjectConstant");
    public static final IRI OBJECT_CONSTANT = iri("objectConstant");

    public static final IRI GROUNDING = iri("Grounding");
    public static final IRI OF_RULE = iri("ofRule");
    public static final IRI HEAD_TRIPLE = iri("headTriple");
    public static final IRI BODY_TRIPLE = iri("bodyTriple");
    public static final IRI SELECTED = iri("selected");
    public static final IRI TRIPLE_REF = iri("TripleRef");
    public static final IRI SUBJECT = iri("subject");
    public static final IRI PREDICATE = iri("predicate");
    public static final IRI OBJECT = iri("object");
    public static final IRI REMOVED = iri("removed");

    public static final IRI QUESTION = iri("Question");
    public static final IRI QUESTION_ID = iri("questionId");
    public static final IRI QUESTION_TEXT = iri("questionText");
    public static final IRI TOPIC_ENTITY = iri("topicEntity");
    public static final IRI ANSWER = iri("answer");
    public static final IRI HARD_ANSWER = iri("hardAnswer");
    public static final IRI DIRECTION = iri("direction");
    public static final IRI SPLIT = iri("split");
    public static final IRI FROM_GROUNDING = iri("fromGrounding");
    public static final IRI DEPTH = iri("depth");
    public static final IRI PROOF_STEP_CLASS = iri("ProofStep");
    public static final IRI PROOF_STEP = iri("proofStep");
    public static final IRI GENERATOR = iri("generator");
    public static final IRI BROKEN_GRAPH_CLASS = iri("BrokenGraph");
    public static final IRI BROKEN_GRAPH = iri("brokenGraph");
    public static final IRI BREAK_METHOD = iri("breakMethod");
    public static final IRI BROKEN_FROM = iri("brokenFrom");
    public static final IRI NOISE_SHARE = iri("noiseShare");
    public static final IRI NOISE_REMOVED = iri("noiseRemoved");
    public static final IRI TRAP = iri("trap");
    public static final IRI NOISE_LOST = iri("noiseLost");

    public static final IRI BENCHMARK_RUN = iri("BenchmarkRun");
    public static final IRI PARAMETER = iri("parameter");
    public static final IRI EXCLUDED_AS_HEAD = iri("excludedAsHead");
    public static final IRI EXCLUDED_FROM_BODIES = iri("excludedFromBodies");
    public static final IRI GROUNDINGS_PER_RULE = iri("groundingsPerRule");
    public static final IRI TAU = iri("tau");
    public static final IRI MAX_ATOMS = iri("maxAtoms");
    public static final IRI LACUNA_VERSION = iri("lacunaVersion");

    private LacunaVocab() {
    }

    public static IRI iri(String localName) {
        return VF.createIRI(NS + localName);
    }
}
