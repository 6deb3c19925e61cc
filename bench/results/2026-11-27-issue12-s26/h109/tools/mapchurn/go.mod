module mapchurn

go 1.26
