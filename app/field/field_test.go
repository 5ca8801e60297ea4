package field_test

import (
	"strings"
	"testing"

	"cryptosizer/app/field"
)

func TestMessagesQuoteWhatAFieldAccepts(t *testing.T) {
	accepted := func(name string) string { return "what " + name + " accepts" }
	for _, tc := range []struct {
		name, text, msg, want string
	}{
		{"rate", "fast", "", `rate "fast": accepted: what rate accepts`},
		{"rate", "-1", "negative", `rate "-1": negative (accepted: what rate accepts)`},
		{"rate", "-1", "accepted: positive", `rate "-1": accepted: positive`},
		{"rate", strings.Repeat("9", 70), "", `rate "` + strings.Repeat("9", 64) + `…": longer than 64 characters`},
	} {
		v := field.New(accepted)
		if v.Give(tc.name, tc.text) {
			v.Fail(tc.name, tc.msg)
		}
		if len(v.Errs) != 1 || v.Errs[0].Error() != tc.want {
			t.Errorf("%s=%q: %v, want %s", tc.name, tc.text, v.Errs, tc.want)
		}
	}
}

func TestValuesOfEachType(t *testing.T) {
	v := field.New(func(string) string { return "" })
	v.Give("n", " 3 ")
	v.Set("n", 3)
	v.Set("f", 1.5)
	v.Set("b", true)
	v.Set("s", "x")
	if v.Text("n") != "3" || v.Int("n", 0) != 3 || v.Float("f", 0) != 1.5 || !v.Bool("b", false) || v.String("s", "") != "x" {
		t.Errorf("values read back wrong: %q %d %v %v %q", v.Text("n"), v.Int("n", 0), v.Float("f", 0), v.Bool("b", false), v.String("s", ""))
	}
	if v.Int("f", 7) != 7 || v.String("n", "d") != "d" || v.Given("f") || !v.OK("f") {
		t.Error("a value of another type or a field not given must give the default")
	}
	v.Drop("n")
	if v.OK("n") || !v.Given("n") {
		t.Error("a dropped value stays given, not valid")
	}
}
