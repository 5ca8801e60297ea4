package engine_test

import (
	"reflect"
	"testing"

	"cryptosizer/app/engine"
	"cryptosizer/app/internal/settingtest"
)

// Every load's memo shape is a comparable value holding no pointer, slice,
// map or function (nil ones included in the type's zero value only): two
// shapes are then equal exactly when their fields are, and a field added
// to a load is in the key. Checked on loads read with every field set.
func TestMemoShapes(t *testing.T) {
	params := map[string]string{"tls-rate": "10", "tls-role": "client", "tls-kex": "x25519mlkem768", "tls-sig": "ml-dsa-65",
		"tls-chain": "3", "tls-mutual": "true", "tls-resume": "50%", "tls-resume-kind": "psk-dhe", "record-limit": "2048",
		"tls-session-ram": "48KiB", "fw-size": "256KiB", "fw-deadline": "500ms", "fw-sig": "rsa-2048", "fw-hash": "sha384",
		"aes-rate": "1MiB/s", "aes-mode": "gcm", "aes-key": "256", "aes-dir": "decrypt", "max-op": "100ms", "min-free-ram": "64KiB"}
	w, errs := settingtest.Schema.Parse(params)
	if len(errs) > 0 {
		t.Fatalf("the test's workload: %v", errs)
	}
	checked := 0
	for _, l := range w.Loads {
		if engine.KindOf(l.Kind()).Aggregate() {
			continue
		}
		sh, ok := engine.ShapeOf(l)
		if !ok {
			t.Errorf("%s: not shaped: its workloads keep no terms", l.Kind())
			continue
		}
		if !reflect.TypeOf(sh).Comparable() {
			t.Errorf("%s: shape %T is not comparable", l.Kind(), sh)
		}
		if p := pointerIn(reflect.ValueOf(sh)); p != "" {
			t.Errorf("%s: shape %T holds %s", l.Kind(), sh, p)
		}
		if k1, _ := engine.ShapeOf(l); k1 != sh {
			t.Errorf("%s: two shapes of one load differ", l.Kind())
		}
		checked++
	}
	if checked != 3 {
		t.Errorf("checked %d shaped loads, want the TLS, firmware and AES loads", checked)
	}
	if len(w.Loads) > engine.MaxShapes {
		t.Errorf("%d loads, a key holds %d", len(w.Loads), engine.MaxShapes)
	}
}

// pointerIn names the first non-nil pointer, slice, map, function,
// channel or interface inside v ("" for none).
func pointerIn(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Func, reflect.Chan, reflect.Interface, reflect.UnsafePointer:
		if !v.IsNil() {
			return v.Type().String()
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if p := pointerIn(v.Field(i)); p != "" {
				return v.Type().Field(i).Name + ": " + p
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			if p := pointerIn(v.Index(i)); p != "" {
				return p
			}
		}
	}
	return ""
}
