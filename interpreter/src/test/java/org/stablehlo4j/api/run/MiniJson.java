package org.stablehlo4j.api.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small JSON reader for test fixtures (objects, lists, strings, numbers as Double or Long, booleans, null). */
final class MiniJson {
    private final String s;
    private int pos;

    private MiniJson(String s) {
        this.s = s;
    }

    static Object parse(String json) {
        MiniJson p = new MiniJson(json);
        Object v = p.value();
        p.ws();
        if (p.pos != json.length()) throw new IllegalArgumentException("trailing text at " + p.pos);
        return v;
    }

    private void ws() {
        while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) pos++;
    }

    private Object value() {
        ws();
        char c = s.charAt(pos);
        if (c == '{') {
            pos++;
            Map<String, Object> m = new LinkedHashMap<>();
            ws();
            if (s.charAt(pos) == '}') {
                pos++;
                return m;
            }
            while (true) {
                ws();
                String k = (String) value();
                ws();
                expect(':');
                m.put(k, value());
                ws();
                if (s.charAt(pos++) == '}') return m;
            }
        }
        if (c == '[') {
            pos++;
            List<Object> l = new ArrayList<>();
            ws();
            if (s.charAt(pos) == ']') {
                pos++;
                return l;
            }
            while (true) {
                l.add(value());
                ws();
                if (s.charAt(pos++) == ']') return l;
            }
        }
        if (c == '"') {
            int end = s.indexOf('"', pos + 1);
            String str = s.substring(pos + 1, end);
            pos = end + 1;
            return str;
        }
        for (String w : new String[] {"true", "false", "null"}) {
            if (s.startsWith(w, pos)) {
                pos += w.length();
                return w.equals("null") ? null : Boolean.valueOf(w);
            }
        }
        int start = pos;
        while (pos < s.length() && "+-0123456789.eE".indexOf(s.charAt(pos)) >= 0) pos++;
        String num = s.substring(start, pos);
        return num.matches("-?\\d+") ? (Object) Long.valueOf(num) : (Object) Double.valueOf(num);
    }

    private void expect(char c) {
        if (s.charAt(pos) != c) throw new IllegalArgumentException("expected " + c + " at " + pos);
        pos++;
    }
}
