package model

import (
	"github.com/dxscope/dxscope/decode"
	"github.com/dxscope/dxscope/decode/shaderdb"
	"github.com/dxscope/dxscope/decode/sqlite"
)

// DBContainerRef names a container inside an open database: the database's
// index among the open ones and where the container is.
type DBContainerRef struct {
	DB int
	C  shaderdb.Container
}

// DBModel is one opened SQLite database as the database view shows it.
type DBModel struct {
	Name     string
	Data     []byte
	DB       *shaderdb.Database
	Problems []sqlite.Problem

	Errors, Warnings, Notes int

	// Set by LinkDatabases when an SODB and a PSDB are both open: the
	// other database's name and each group's link, by key bytes.
	LinkedName string
	Links      map[string]*shaderdb.GroupLink
}

// NewDBModel wraps an opened database.
func NewDBModel(name string, data []byte, d *shaderdb.Database) *DBModel {
	m := &DBModel{Name: name, Data: data, DB: d, Problems: d.Problems()}
	for _, p := range m.Problems {
		switch p.Severity {
		case decode.Error:
			m.Errors++
		case decode.Warning:
			m.Warnings++
		default:
			m.Notes++
		}
	}
	return m
}

// LinkDatabases links the groups of the first open SODB with those of each
// open PSDB (same key; versions compared), and clears links otherwise.
func LinkDatabases(dbs []*DBModel) {
	var sodb *DBModel
	for _, d := range dbs {
		d.Links, d.LinkedName = nil, ""
		if sodb == nil && d.DB.SODB != nil {
			sodb = d
		}
	}
	if sodb == nil {
		return
	}
	for _, d := range dbs {
		if d.DB.PSDB == nil {
			continue
		}
		links := shaderdb.Link(sodb.DB.SODB, d.DB.PSDB)
		if sodb.Links == nil {
			sodb.Links = map[string]*shaderdb.GroupLink{}
			sodb.LinkedName = d.Name
		}
		d.Links, d.LinkedName = map[string]*shaderdb.GroupLink{}, sodb.Name
		for i := range links {
			l := &links[i]
			d.Links[string(l.Key)] = l
			if _, ok := sodb.Links[string(l.Key)]; !ok {
				sodb.Links[string(l.Key)] = l
			}
		}
	}
}

// ContainerOf is the container a shader_bytecode row holds.
func ContainerOf(label string, b shaderdb.BlobRef) shaderdb.Container {
	off := int64(-1)
	if b.Contiguous {
		off = b.Offset
	}
	return shaderdb.Container{Label: label, Blob: b, Size: b.Size, FileOffset: off}
}
