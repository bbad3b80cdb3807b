package dev.lacuna.mining;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;

/**
 * Support, body size and PCA body size of a closed rule by plain enumeration over hash maps of the KG's
 * strings, sharing no code with {@link KgIndex} or {@link Matcher}: every body grounding is enumerated (atom
 * by atom, in body order, each atom joined on its bound variables) and the distinct head pairs counted.
 */
final class BruteForceMeasures {
    record Counts(long support, long bodySize, long pcaBodySize) {
    }

    private final Map<String, Map<String, Set<String>>> bySubject = new HashMap<>(); // relation -> s -> objects
    private final Map<String, Map<String, Set<String>>> byObject = new HashMap<>(); // relation -> o -> subjects

    BruteForceMeasures(Path tsv) {
        try {
            for (String line : Files.readAllLines(tsv)) {
                if (line.isBlank()) {
                    continue;
                }
                String[] t = line.split("\t");
                String s = t[0].trim();
                String r = t[1].trim();
                String o = t[2].trim();
                bySubject.computeIfAbsent(r, k -> new HashMap<>()).computeIfAbsent(s, k -> new HashSet<>()).add(o);
                byObject.computeIfAbsent(r, k -> new HashMap<>()).computeIfAbsent(o, k -> new HashSet<>()).add(s);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Counts count(MinedRule mined) {
        Rule rule = mined.rule();
        Atom head = rule.head();
        Set<List<String>> pairs = new HashSet<>();
        enumerate(rule.body(), 0, new HashMap<>(), head, pairs);
        long support = 0;
        long pca = 0;
        boolean subjectFunctional = mined.measures().functionalVariable() == -1;
        Map<String, Set<String>> headBySubject = bySubject.getOrDefault(head.relation(), Map.of());
        Map<String, Set<String>> headByObject = byObject.getOrDefault(head.relation(), Map.of());
        for (List<String> p : pairs) {
            if (headBySubject.getOrDefault(p.get(0), Set.of()).contains(p.get(1))) {
                support++;
            }
            if (subjectFunctional ? headBySubject.containsKey(p.get(0)) : headByObject.containsKey(p.get(1))) {
                pca++;
            }
        }
        return new Counts(support, pairs.size(), pca);
    }

    /** Binds the body atoms from {@code i} on; at the end records the head's (subject, object). */
    private void enumerate(List<Atom> body, int i, Map<Integer, String> binding, Atom head, Set<List<String>> pairs) {
        if (i == body.size()) {
            pairs.add(List.of(binding.get(head.subject()), binding.get(head.object())));
            return;
        }
        // bind the atoms that touch a bound variable first, so that the enumeration stays a join, not a product
        int pick = i;
        for (int k = i; k < body.size(); k++) {
            if (binding.containsKey(body.get(k).subject()) || binding.containsKey(body.get(k).object())) {
                pick = k;
                break;
            }
        }
        List<Atom> order = new ArrayList<>(body);
        Atom a = order.remove(pick);
        order.add(i, a);
        String s = binding.get(a.subject());
        String o = binding.get(a.object());
        Map<String, Set<String>> out = bySubject.getOrDefault(a.relation(), Map.of());
        if (s != null) {
            for (String v : out.getOrDefault(s, Set.of())) {
                if (o == null || o.equals(v)) {
                    bindAndGo(order, i, binding, head, pairs, a.object(), v, o == null);
                }
            }
        } else if (o != null) {
            for (String v : byObject.getOrDefault(a.relation(), Map.of()).getOrDefault(o, Set.of())) {
                bindAndGo(order, i, binding, head, pairs, a.subject(), v, true);
            }
        } else {
            for (Map.Entry<String, Set<String>> e : out.entrySet()) {
                binding.put(a.subject(), e.getKey());
                for (String v : e.getValue()) {
                    if (a.subject() == a.object() && !v.equals(e.getKey())) {
                        continue;
                    }
                    bindAndGo(order, i, binding, head, pairs, a.object(), v, true);
                }
                binding.remove(a.subject());
            }
        }
    }

    private void bindAndGo(List<Atom> order, int i, Map<Integer, String> binding, Atom head, Set<List<String>> pairs,
            int variable, String value, boolean fresh) {
        if (fresh) {
            binding.put(variable, value);
        }
        enumerate(order, i + 1, binding, head, pairs);
        if (fresh) {
            binding.remove(variable);
        }
    }
}
