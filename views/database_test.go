package views

import (
	"fmt"
	"testing"

	"github.com/dxscope/dxscope/views/model"
)

func sodbModel(name string, groups map[string]int64, order ...string) *model.DBModel {
	s := &model.SODB{}
	for _, k := range order {
		s.Groups = append(s.Groups, &model.DBGroup{Key: model.DBKey(k), Version: groups[k]})
	}
	return &model.DBModel{Name: name, DB: &model.Database{Kind: model.SODBKind, SODB: s}}
}

func psdbModel(name string, groups map[string]int64, order ...string) *model.DBModel {
	p := &model.PSDB{}
	for _, k := range order {
		p.Groups = append(p.Groups, &model.PSDBGroup{Key: model.DBKey(k), Version: groups[k]})
	}
	return &model.DBModel{Name: name, DB: &model.Database{Kind: model.PSDBKind, PSDB: p}}
}

func TestLinkDatabasesMatchesGroupsByKeyAndFlagsVersions(t *testing.T) {
	s := sodbModel("a.sodb", map[string]int64{"same\x00": 1, "stale\x00": 2, "sodb only": 5}, "same\x00", "stale\x00", "sodb only")
	p := psdbModel("a.psdb", map[string]int64{"same\x00": 1, "stale\x00": 3, "psdb only": 1}, "same\x00", "stale\x00", "psdb only")
	model.LinkDatabases([]*model.DBModel{p, s}) // order of opening does not matter
	if s.LinkedName != "a.psdb" || p.LinkedName != "a.sodb" {
		t.Fatalf("linked names %q, %q", s.LinkedName, p.LinkedName)
	}
	for _, tc := range []struct {
		m          *model.DBModel
		key        string
		sodb, psdb bool
		differ     bool
	}{
		{s, "same\x00", true, true, false},
		{p, "same\x00", true, true, false},
		{s, "stale\x00", true, true, true},
		{p, "stale\x00", true, true, true},
		{s, "sodb only", true, false, false},
		{p, "psdb only", false, true, false},
	} {
		l := tc.m.Links[tc.key]
		if l == nil {
			t.Errorf("%s: no link for %q", tc.m.Name, tc.key)
			continue
		}
		if (l.SODB != nil) != tc.sodb || (l.PSDB != nil) != tc.psdb || l.VersionsDiffer != tc.differ {
			t.Errorf("%s %q: SODB %v PSDB %v differ %v, want %v %v %v", tc.m.Name, tc.key, l.SODB != nil, l.PSDB != nil, l.VersionsDiffer, tc.sodb, tc.psdb, tc.differ)
		}
	}
	// Closing the PSDB clears the SODB's links.
	model.LinkDatabases([]*model.DBModel{s})
	if s.Links != nil || s.LinkedName != "" {
		t.Errorf("links left after the PSDB closed: %v", s.Links)
	}
}

func TestDatabaseListsArePagedAndFiltered(t *testing.T) {
	groups := map[string]int64{}
	var order []string
	for i := 0; i < 2*DBPageSize+7; i++ {
		k := fmt.Sprintf("group %03d", i)
		groups[k] = 1
		order = append(order, k)
	}
	m := sodbModel("big.sodb", groups, order...)
	v := &DatabaseView{DB: m}
	match := func(i int, f string) bool { return keyMatch(m.DB.SODB.Groups[i].Key, f) }
	for _, tc := range []struct {
		page         int
		filter       string
		first, count int
		total        int
	}{
		{0, "", 0, DBPageSize, len(order)},
		{1, "", DBPageSize, DBPageSize, len(order)},
		{2, "", 2 * DBPageSize, 7, len(order)},
		{9, "", 2 * DBPageSize, 7, len(order)}, // past the end: the last page
		{0, "GROUP 10", 100, 7, 7},             // filters ignore case
		{0, "nothing", 0, 0, 0},
	} {
		st := v.state()
		st.page["groups"], st.filter["groups"] = tc.page, tc.filter
		rows, total := v.pageOf("groups", len(order), match)
		if total != tc.total || len(rows) != tc.count || (len(rows) > 0 && rows[0] != tc.first) {
			t.Errorf("page %d filter %q: %d rows from %v of %d, want %d from %d of %d", tc.page, tc.filter, len(rows), rows, total, tc.count, tc.first, tc.total)
		}
	}
}

func TestKeysShowAsTextOrHex(t *testing.T) {
	for _, tc := range []struct {
		key  string
		want string
	}{
		{"PSO_Group_0\x00", "PSO_Group_0"},
		{"\x01\x02\xff", "0102ff"},
		{"tab\there", "7461620968657265"},
	} {
		if got := model.DBKey(tc.key).String(); got != tc.want {
			t.Errorf("key %q shows %q, want %q", tc.key, got, tc.want)
		}
	}
}

func TestHexDump(t *testing.T) {
	got := hexDump([]byte("DXBC\x00\x01\x02\x03abcdefghXY"))
	want := "00000000  44 58 42 43 00 01 02 03  61 62 63 64 65 66 67 68  DXBC....abcdefgh\n" +
		"00000010  58 59                                             XY\n"
	if got != want {
		t.Errorf("hexDump:\n%q\nwant\n%q", got, want)
	}
}
