"""Pictures of puzzle states: a renderer-independent scene model (scene), the Drawing a puzzle names to draw
itself (drawing), and renderers: SVG (svg), PNG and GIF with Pillow (raster), one animated SVG (animated),
and a self-contained HTML player (player). They know nothing of planners; Pillow is imported only by the
functions that write PNG or GIF."""
