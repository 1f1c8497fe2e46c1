package traffic

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"
)

// Field is one named member of a JSON object decoded by DecodeObject: its
// key and a pointer to where its value goes.
type Field struct {
	Name string
	Ptr  any
}

// DecodeObject decodes the JSON object raw into the given fields, strictly:
// a key that is not one of fields is an error naming the allowed keys, and
// a value of the wrong type is an error naming the key's full path and the
// expected type. path names the object in errors (e.g. "sources[2]"); the
// errors are one line and start with that path. It returns the keys that
// were present, so a caller can check which fields apply.
func DecodeObject(raw []byte, path string, fields []Field) (map[string]bool, error) {
	var m map[string]json.RawMessage
	if err := unmarshalStrict(raw, &m); err != nil {
		return nil, jsonErr(path, raw, err)
	}
	if m == nil {
		return nil, fmt.Errorf("%s: got null, want an object", path)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	byName := make(map[string]any, len(fields))
	for _, f := range fields {
		byName[f.Name] = f.Ptr
	}
	present := make(map[string]bool, len(m))
	for _, k := range keys {
		ptr, ok := byName[k]
		if !ok {
			return nil, fmt.Errorf("%s: unknown field %q, allowed: %s", path, k, fieldNames(fields))
		}
		if err := unmarshalStrict(m[k], ptr); err != nil {
			return nil, jsonErr(join(path, k), m[k], err)
		}
		present[k] = true
	}
	return present, nil
}

func fieldNames(fields []Field) string {
	n := make([]string, len(fields))
	for i, f := range fields {
		n[i] = f.Name
	}
	return strings.Join(n, ", ")
}

// join appends a key to a path.
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// unmarshalStrict decodes one JSON value with unknown fields disallowed and
// nothing but white space after it.
func unmarshalStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return errors.New("empty input, want a JSON value")
		}
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("extra data after the JSON value")
	}
	return nil
}

// jsonErr turns an encoding/json error into one line naming the path.
func jsonErr(path string, data []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		line, col := lineCol(data, se.Offset)
		return fmt.Errorf("%s: invalid JSON at line %d column %d: %s", path, line, col, se.Error())
	case errors.As(err, &te):
		p := path
		if te.Field != "" {
			p = join(path, te.Field)
		}
		return fmt.Errorf("%s: got JSON %s, want %s", p, te.Value, typeName(te.Type))
	default:
		msg := strings.TrimPrefix(err.Error(), "json: ")
		return fmt.Errorf("%s: %s", path, strings.ReplaceAll(msg, "\n", " "))
	}
}

// typeName describes a Go type in JSON terms.
func typeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "an integer"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a non-negative integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "an array of " + typeName(t.Elem())
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Pointer:
		return typeName(t.Elem())
	}
	return t.String()
}

// lineCol converts a byte offset to a 1-based line and column.
func lineCol(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col := 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}
