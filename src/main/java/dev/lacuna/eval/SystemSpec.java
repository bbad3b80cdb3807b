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
     * Parses {@code NAME=FILE} (one file, setting unstated) or {@code NAME=COMPLETE_FILE,INCOMPLETE_FILE}
     * (the system on the complete and on the incomplete graph, in that order).
     */
    public static SystemSpec parse(String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0 || eq == spec.length() - 1) {
            throw new BadInputException("--system needs NAME=FILE or NAME=COMPLETE_FILE,INCOMPLETE_FILE, got '" + spec + "'");
        }
        String name = spec.substring(0, eq).strip();
        String[] files = spec.substring(eq + 1).split(",", -1);
        if (files.length == 1) {
            return single(name, Path.of(files[0].strip()));
        }
        if (files.length == 2 && !files[0].isBlank() && !files[1].isBlank()) {
            return pair(name, Path.of(files[0].strip()), Path.of(files[1].strip()));
        }
        throw new BadInputException("--system " + spec + ": give one file, or two separated by a comma (complete first, then incomplete)");
    }
}
