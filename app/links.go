package app

import (
	"net/url"
	"time"

	"github.com/dxscope/dxscope/views"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func setFragment(u *url.URL, frag string) {
	u.RawFragment = frag
	u.Fragment = frag
	if f, err := url.PathUnescape(frag); err == nil {
		u.Fragment = f
	}
}

// onHexRow keeps row= current while scrolling, written once scrolling stops.
func (in *Inspector) onHexRow(ctx app.Context, r views.HexRow) {
	ctx.PreventUpdate()
	st := in.state()
	if r.View != "" || st.Model == nil {
		return
	}
	st.HexRow(r.Row)
	in.rowTick++
	tick := in.rowTick
	ctx.After(300*time.Millisecond, func(ctx app.Context) {
		if tick == in.rowTick {
			in.apply(ctx, st.Note())
		}
	})
}
