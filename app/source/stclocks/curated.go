package stclocks

import "cryptosizer/app/bench"

// Curated are clocks the document does not give, found in ST's driver
// code the same way and cited the same way (the project commits them
// here, with their citation, rather than edit the shared document).
var Curated = []Clock{{
	// The WL54/WL55/WL5M's second core: HCLK2 clocks CPU2 (the Cortex-M0+;
	// Inc/stm32wlxx_ll_rcc.h lines 851-852 derive it with the CPU2 AHB
	// prescaler C2HPRE) and its maximum is the line's 48 MHz. The
	// driver's release notes list STM32WL55xx, WL54xx and WL5Mxx among
	// its devices (Release_Notes.html lines 145-149).
	Lines: []string{"STM32WL54", "STM32WL55", "STM32WL5M"},
	Core:  "Cortex-M0+",
	Hz:    48_000_000,
	Cite: Cite{Repo: "STMicroelectronics/stm32wlxx-hal-driver", Commit: "5b8b191debde33129d4cebf18e88cc0c8bcfe0bd", File: "Src/stm32wlxx_hal_rcc.c", Line: 192,
		Says: `"The maximum frequency of the SYSCLK, HCLK1, HCLK2, HCLK3, PCLK1 and PCLK2 is 48 MHz."`},
	Disagree: "none",
	Pos:      bench.Pos{File: "stclocks/curated.go"},
}}
