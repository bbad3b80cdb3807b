package dev.lacuna.tog;

import dev.lacuna.Choice;

/**
 * How Think-on-Graph scores relations and entities, as its {@code --prune_tools} offers: a chat model with ToG's
 * prompts, BM25 over the names, or a sentence model in process. EMBEDDING is the default because it needs neither a
 * model server nor the network: all-MiniLM-L6-v2 ships inside the jar.
 */
public enum Pruning implements Choice {
    EMBEDDING, BM25, LLM;

    public static Pruning parse(String word) {
        return Choice.parse(Pruning.class, "--pruning", word);
    }
}
