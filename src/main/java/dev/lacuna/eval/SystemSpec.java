package dev.lacuna.eval;

import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.lacuna.BadInputException;

/**
 * One system to evaluate: a name and its predictions files by setting. A system evaluated on both
 * graphs has a {@link RunSetting#COMPLETE} and an {@link RunSetting#INCOMPLETE} file, and the report shows its
 * drop; a system with one file of unstated setting has a {@link RunSetting#SINGLE} file.
 */
public record SystemSpec(String name, Map<RunSetting, Path> files) {

    public SystemSpec {
        if (name == null || name.isBlank()) {
            throw new BadInputException("a system needs a name");
        }
        files = Collections.unmodifiableMap(new EnumMap<>(files));
    }

    /** The setting a {@code GRAPH:FILE} part names, or null when the part does not start with a graph's label. */
    private static RunSetting labelled(String part) {
        String p = part.strip();
        for (RunSetting s : RunSetting.values()) {
            if (s.graph() != null && p.startsWith(s.label() + ":")) {
                return s;
            }
        }
        return null;
    }

    public static SystemSpec single(String name, Path file) {
        return new SystemSpec(name, Map.of(RunSetting.SINGLE, file));
    }

    public static SystemSpec pair(String name, Path complete, Path incomplete) {
        Map<RunSetting, Path> files = new LinkedHashMap<>();
        files.put(RunSetting.COMPLETE, complete);
        files.put(RunSetting.INCOMPLETE, incomplete);
        return new SystemSpec(name, files);
    }

    /**
     * Parses {@code NAME=FILE} (one file, setting unstated), {@code NAME=COMPLETE_FILE,INCOMPLETE_FILE}
     * (the system on the complete and on the incomplete graph, in that order), or one file per graph named by it:
     * {@code NAME=GRAPH:FILE,GRAPH:FILE...} with GRAPH complete, incomplete, replaced or noisy.
     */
    public static SystemSpec parse(String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0 || eq == spec.length() - 1) {
            throw new BadInputException("--system needs NAME=FILE or NAME=COMPLETE_FILE,INCOMPLETE_FILE, got '" + spec + "'");
        }
        String name = spec.substring(0, eq).strip();
        String[] files = spec.substring(eq + 1).split(",", -1);
        if (labelled(files[0]) != null) {
            Map<RunSetting, Path> byGraph = new LinkedHashMap<>();
            for (String f : files) {
                RunSetting setting = labelled(f);
                if (setting == null || f.length() == setting.label().length() + 1) {
                    throw new BadInputException("--system " + spec + ": give every file as GRAPH:FILE (GRAPH complete,"
                            + " incomplete, replaced or noisy) once any is");
                }
                if (byGraph.put(setting, Path.of(f.substring(setting.label().length() + 1).strip())) != null) {
                    throw new BadInputException("--system " + spec + ": graph " + setting + " is given twice");
                }
            }
            return new SystemSpec(name, byGraph);
        }
        if (files.length == 1) {
            return single(name, Path.of(files[0].strip()));
        }
        if (files.length == 2 && !files[0].isBlank() && !files[1].isBlank()) {
            return pair(name, Path.of(files[0].strip()), Path.of(files[1].strip()));
        }
        throw new BadInputException("--system " + spec + ": give one file, or two separated by a comma (complete first, then incomplete)");
    }
}
