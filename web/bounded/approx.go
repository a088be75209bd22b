package bounded

import "reflect"

// Approx estimates the bytes a value holds: its own size and, through
// pointers, slices, strings, maps and interfaces, what it refers to. Memory
// reached twice counts twice; a func or channel counts its word only. It is
// for the values of caches (decoded specs, tables), not for hot paths.
func Approx(v any) int { return approx(reflect.ValueOf(v), 0) }

// maxDepth stops a walk through a cyclic value.
const maxDepth = 64

func approx(v reflect.Value, depth int) int {
	if !v.IsValid() {
		return 0
	}
	return int(v.Type().Size()) + refs(v, depth)
}

// mapSlotBytes is what a map spends per entry besides its key and value:
// its control byte and the slack of a table kept at most 7/8 full,
// doubled when it grows.
const mapSlotBytes = 16

// refs is what v refers to beyond its own size.
func refs(v reflect.Value, depth int) int {
	if depth > maxDepth {
		return 0
	}
	depth++
	n := 0
	switch v.Kind() {
	case reflect.String:
		n = v.Len()
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			n = approx(v.Elem(), depth)
		}
	case reflect.Slice:
		n = v.Cap() * int(v.Type().Elem().Size())
		for i := range v.Len() {
			n += refs(v.Index(i), depth)
		}
	case reflect.Array:
		for i := range v.Len() {
			n += refs(v.Index(i), depth)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			n += refs(v.Field(i), depth)
		}
	case reflect.Map:
		slot := int(v.Type().Key().Size()+v.Type().Elem().Size()) + mapSlotBytes
		n = 48 + 2*v.Len()*slot
		for it := v.MapRange(); it.Next(); {
			n += refs(it.Key(), depth) + refs(it.Value(), depth)
		}
	}
	return n
}
