package corpus

import "strconv"

// WalkJSON calls fn with the path and value of every node of a JSON value
// as encoding/json reads it into an any: the value itself at path, then
// each member at path/key and each element at path/index (the indices as
// segments, as span paths write them). Members named "Spans" (a part's span
// list, not its fields) are left out.
func WalkJSON(v any, path string, fn func(path string, v any)) {
	fn(path, v)
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			if k != "Spans" {
				WalkJSON(c, path+"/"+k, fn)
			}
		}
	case []any:
		for i, c := range x {
			WalkJSON(c, path+"/"+strconv.Itoa(i), fn)
		}
	}
}
