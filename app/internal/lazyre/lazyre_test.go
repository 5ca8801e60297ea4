package lazyre

import "testing"

func TestNewCompilesOnceOnFirstUse(t *testing.T) {
	re := New(`^a(\d+)$`)
	first := re()
	if first != re() {
		t.Fatal("a second call compiled the expression again")
	}
	if m := first.FindStringSubmatch("a42"); len(m) != 2 || m[1] != "42" {
		t.Fatalf("match = %q", m)
	}
}

func TestNewPanicsOnAnInvalidExpressionAtFirstUseOnly(t *testing.T) {
	bad := New(`(`) // no panic yet: nothing compiled
	defer func() {
		if recover() == nil {
			t.Fatal("an invalid expression compiled")
		}
	}()
	bad()
}
