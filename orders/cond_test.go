package orders

import (
	"reflect"
	"strings"
	"testing"
)

var (
	mine   = Var("mine")
	theirs = Var("theirs")
	round  = Var("round")
)

func cmp(l Expr, op string, r Expr) Cmp { return Cmp{L: l, Op: op, R: r} }

// TestParseCond checks every condition form against a hand-built AST.
func TestParseCond(t *testing.T) {
	m1 := cmp(mine, "<=", Num(1))
	t2 := cmp(theirs, ">=", Num(2))
	r3 := cmp(round, ">", Num(3))
	tests := []struct {
		name string
		in   string
		want Cond
	}{
		{"less", "mine < 2", cmp(mine, "<", Num(2))},
		{"less or equal", "mine <= 1", m1},
		{"greater", "round > 3", r3},
		{"greater or equal", "theirs >= 2", t2},
		{"equal", "mine = 1", cmp(mine, "=", Num(1))},
		{"not equal", "mine != theirs", cmp(mine, "!=", theirs)},
		{"double equals", "mine == 1", cmp(mine, "=", Num(1))},
		{"angle not equal", "mine <> 1", cmp(mine, "!=", Num(1))},
		{"no spaces", "mine<=1", m1},
		{"words any case", "MINE <= 1", m1},
		{"number on the left", "2 < round", cmp(Num(2), "<", round)},
		{"always", "always", Always{}},
		{"always any case", "Always", Always{}},
		{"not", "not mine <= 1", Not{m1}},
		{"bang", "!mine <= 1", Not{m1}},
		{"not not", "not not mine <= 1", Not{Not{m1}}},
		{"and", "mine <= 1 and theirs >= 2", And{m1, t2}},
		{"ampersands", "mine <= 1 && theirs >= 2", And{m1, t2}},
		{"or", "mine <= 1 or theirs >= 2", Or{m1, t2}},
		{"bars", "mine <= 1 || theirs >= 2", Or{m1, t2}},
		{"and binds tighter than or", "mine <= 1 or theirs >= 2 and round > 3", Or{m1, And{t2, r3}}},
		{"and binds tighter than or, left", "mine <= 1 and theirs >= 2 or round > 3", Or{And{m1, t2}, r3}},
		{"not binds tighter than and", "not mine <= 1 and theirs >= 2", And{Not{m1}, t2}},
		{"or groups left", "mine <= 1 or theirs >= 2 or round > 3", Or{Or{m1, t2}, r3}},
		{"and groups left", "mine <= 1 and theirs >= 2 and round > 3", And{And{m1, t2}, r3}},
		{"parentheses", "(mine <= 1 or theirs >= 2) and round > 3", And{Or{m1, t2}, r3}},
		{"parentheses on the right", "mine <= 1 or (theirs >= 2 or round > 3)", Or{m1, Or{t2, r3}}},
		{"not parentheses", "not (mine <= 1 or theirs >= 2)", Not{Or{m1, t2}}},
		{"redundant parentheses", "((mine <= 1))", m1},
		{"parenthesised always", "not (always)", Not{Always{}}},
		{"product", "theirs >= 2*mine", cmp(theirs, ">=", Mul{Num(2), mine})},
		{"product spaced", "theirs >= 2 * mine", cmp(theirs, ">=", Mul{Num(2), mine})},
		{"sum", "mine + 1 < theirs", cmp(Add{L: mine, R: Num(1)}, "<", theirs)},
		{"difference", "theirs - mine > 2", cmp(Add{L: theirs, R: mine, Sub: true}, ">", Num(2))},
		{"star binds tighter", "mine + 2*theirs > 3", cmp(Add{L: mine, R: Mul{Num(2), theirs}}, ">", Num(3))},
		{"star binds tighter, left", "2*mine - theirs > 3", cmp(Add{L: Mul{Num(2), mine}, R: theirs, Sub: true}, ">", Num(3))},
		{"difference groups left", "theirs - mine - 1 > 0", cmp(Add{L: Add{L: theirs, R: mine, Sub: true}, R: Num(1), Sub: true}, ">", Num(0))},
		{"product groups left", "2*mine*round > 0", cmp(Mul{Mul{Num(2), mine}, round}, ">", Num(0))},
		{"parenthesised expression", "(mine + 1)*2 > theirs", cmp(Mul{Add{L: mine, R: Num(1)}, Num(2)}, ">", theirs)},
		{"parenthesised expression on the right", "theirs >= 2*(mine + 1)", cmp(theirs, ">=", Mul{Num(2), Add{L: mine, R: Num(1)}})},
		{"parenthesised operand", "(mine) > 1", cmp(mine, ">", Num(1))},
		{"mixed parentheses", "((mine + 1) > 2 or round = 1) and not theirs < 1",
			And{Or{cmp(Add{L: mine, R: Num(1)}, ">", Num(2)), cmp(round, "=", Num(1))}, Not{cmp(theirs, "<", Num(1))}}},
		{"leading zeros", "mine < 007", cmp(mine, "<", Num(7))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseCond(tc.in)
			if err != nil {
				t.Fatalf("ParseCond(%q): %v", tc.in, err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ParseCond(%q)\n got %#v\nwant %#v", tc.in, got, tc.want)
			}
		})
	}
}

// TestEncodeCond checks canonical printing: minimal parentheses, "2*mine",
// and that ParseCond reads the result back to the same tree.
func TestEncodeCond(t *testing.T) {
	a, b, c, d := cmp(mine, "<=", Num(1)), cmp(theirs, ">=", Num(2)), cmp(round, ">", Num(3)), cmp(mine, "=", theirs)
	tests := []struct {
		name string
		in   Cond
		want string
	}{
		{"comparison", a, "mine <= 1"},
		{"every operator", And{And{cmp(mine, "<", Num(1)), cmp(mine, ">", Num(1))}, cmp(mine, "!=", Num(1))}, "mine < 1 and mine > 1 and mine != 1"},
		{"always", Always{}, "always"},
		{"nil is always", nil, "always"},
		{"and in or needs none", Or{And{a, b}, And{c, d}}, "mine <= 1 and theirs >= 2 or round > 3 and mine = theirs"},
		{"or in and needs them", And{Or{a, b}, c}, "(mine <= 1 or theirs >= 2) and round > 3"},
		{"or on the right of and", And{c, Or{a, b}}, "round > 3 and (mine <= 1 or theirs >= 2)"},
		{"or on the right of or", Or{a, Or{b, c}}, "mine <= 1 or (theirs >= 2 or round > 3)"},
		{"or on the left of or", Or{Or{a, b}, c}, "mine <= 1 or theirs >= 2 or round > 3"},
		{"and on the right of and", And{a, And{b, c}}, "mine <= 1 and (theirs >= 2 and round > 3)"},
		{"not of comparison", Not{a}, "not mine <= 1"},
		{"not of and", Not{And{a, b}}, "not (mine <= 1 and theirs >= 2)"},
		{"not not", Not{Not{a}}, "not not mine <= 1"},
		{"not in and", And{Not{a}, b}, "not mine <= 1 and theirs >= 2"},
		{"product", cmp(theirs, ">=", Mul{Num(2), mine}), "theirs >= 2*mine"},
		{"sum", cmp(Add{L: mine, R: Num(1)}, "<", theirs), "mine + 1 < theirs"},
		{"difference", cmp(Add{L: theirs, R: mine, Sub: true}, ">", Num(2)), "theirs - mine > 2"},
		{"sum in product", cmp(Mul{Add{L: mine, R: Num(1)}, Num(2)}, ">", theirs), "(mine + 1)*2 > theirs"},
		{"product in sum", cmp(Add{L: Mul{Num(2), mine}, R: Mul{Num(3), theirs}}, ">", round), "2*mine + 3*theirs > round"},
		{"difference on the right", cmp(Add{L: theirs, R: Add{L: mine, R: Num(1), Sub: true}, Sub: true}, ">", Num(0)), "theirs - (mine - 1) > 0"},
		{"sum on the right", cmp(Add{L: theirs, R: Add{L: mine, R: Num(1)}}, ">", Num(0)), "theirs + (mine + 1) > 0"},
		{"product on the right", cmp(Mul{Num(2), Mul{mine, Num(3)}}, ">", Num(0)), "2*(mine*3) > 0"},
		{"product on the left", cmp(Mul{Mul{Num(2), mine}, Num(3)}, ">", Num(0)), "2*mine*3 > 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := EncodeCond(tc.in)
			if got != tc.want {
				t.Errorf("EncodeCond = %q, want %q", got, tc.want)
			}
			back, err := ParseCond(got)
			if err != nil {
				t.Fatalf("ParseCond(%q): %v", got, err)
			}
			want := tc.in
			if want == nil {
				want = Always{}
			}
			if !reflect.DeepEqual(back, want) {
				t.Errorf("ParseCond(%q)\n got %#v\nwant %#v", got, back, want)
			}
		})
	}
}

// TestCondErrors checks the message of every way a condition can fail.
func TestCondErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "  ", `empty condition (write one like "mine <= 1 or theirs >= 2*mine")`},
		{"misspelt word", "mien < 2", `condition "mien < 2": unknown word "mien" (did you mean mine?)`},
		{"unknown word", "armies < 2", `condition "armies < 2": unknown word "armies" (conditions use numbers, mine, theirs, round, and, or, not, always)`},
		{"unknown character", "mine < 2 % 3", `condition "mine < 2 % 3": unexpected "%"`},
		{"number too large", "mine < 99999", `condition "mine < 99999": the number 99999 is too large`},
		{"no comparison", "mine + 1", `condition "mine + 1": "mine + 1" is not compared to anything (add < <= > >= = or != and a value)`},
		{"no right side", "mine >", `condition "mine >": a number, mine, theirs or round is missing after ">"`},
		{"operator twice", "mine > > 1", `condition "mine > > 1": expected a number, mine, theirs or round after ">", not ">"`},
		{"chained comparison", "1 < mine < 3", `condition "1 < mine < 3": unexpected "<" after "1 < mine"`},
		{"dangling and", "mine < 1 and", `condition "mine < 1 and": a condition is missing after "and"`},
		{"missing closing parenthesis", "(mine < 1 or round > 2", `condition "(mine < 1 or round > 2": missing ")"`},
		{"missing opening parenthesis", "mine < 1)", `condition "mine < 1)": unexpected ")" after "mine < 1"`},
		{"missing parenthesis in expression", "2*(mine + 1 > theirs", `condition "2*(mine + 1 > theirs": missing ")" before ">"`},
		{"comparison instead of operand", "mine < (round > 1)", `condition "mine < (round > 1)": missing ")" before ">"`},
		{"starts with an operator", "< 3", `condition "< 3": expected a number, mine, theirs or round at the start, not "<"`},
		{"word where a comparison belongs", "mine always", `condition "mine always": expected < <= > >= = or != after "mine", not "always"`},
		{"product without a star", "theirs >= 2 mine", `condition "theirs >= 2 mine": write 2*mine to multiply, not "2 mine"`},
		{"too deep", strings.Repeat("(", 34) + "mine > 1" + strings.Repeat(")", 34), `condition "` + short(strings.Repeat("(", 34)+"mine > 1"+strings.Repeat(")", 34)) + `": too many parentheses`},
		{"too many nots", strings.Repeat("not ", 40) + "mine > 1", `condition "` + short(strings.Repeat("not ", 40)+"mine > 1") + `": too many "not"s and parentheses`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ParseCond(tc.in)
			if err == nil {
				t.Fatalf("ParseCond(%q) = %#v, want an error", tc.in, c)
			}
			if err.Error() != tc.want {
				t.Errorf("ParseCond(%q)\n got %s\nwant %s", tc.in, err, tc.want)
			}
		})
	}
}

// TestCondEval checks the conditions of docs/orders.md on sample battles.
func TestCondEval(t *testing.T) {
	tests := []struct {
		cond string
		env  Env
		want bool
	}{
		{"mine <= 1 or theirs >= 2*mine", Env{Mine: 1, Theirs: 0}, true},
		{"mine <= 1 or theirs >= 2*mine", Env{Mine: 3, Theirs: 6}, true},
		{"mine <= 1 or theirs >= 2*mine", Env{Mine: 3, Theirs: 5}, false},
		{"round >= 2", Env{Round: 1}, false},
		{"mine = 1 and theirs >= 3", Env{Mine: 1, Theirs: 3}, true},
		{"not (mine < theirs)", Env{Mine: 2, Theirs: 3}, false},
		{"theirs - mine > 1", Env{Mine: 2, Theirs: 4}, true},
		{"always", Env{}, true},
	}
	for _, tc := range tests {
		if got := mustCond(t, tc.cond).Eval(tc.env); got != tc.want {
			t.Errorf("%q with %+v = %v, want %v", tc.cond, tc.env, got, tc.want)
		}
	}
}
